// npm test: set up what is missing (packages, Prisma client, build), then run every test project.
import { spawnSync } from "node:child_process";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

ensurePackages();
ensurePrismaClient();
ensureBuilt();

const args = ["vitest", "run", ...process.argv.slice(2)];
const result = spawnSync("npx", args, { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
