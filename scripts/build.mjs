// npm run build: the snippet (with its size report), the Remix app and the Node server.
import { build, ensurePackages, ensurePrismaClient } from "./project.mjs";

ensurePackages();
ensurePrismaClient();
build();
