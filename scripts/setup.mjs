// npm run setup: everything a fresh clone needs before it can run (packages, Prisma client, build).
import { ensureBuilt, ensurePackages, ensurePrismaClient } from "./project.mjs";

ensurePackages();
ensurePrismaClient();
if (!process.argv.includes("--no-build")) ensureBuilt();
