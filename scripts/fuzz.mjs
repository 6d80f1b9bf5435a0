// npm run fuzz: the fuzz test of `npm test` at 100,000 requests (FUZZ_REQUESTS to change), its table printed
// and written as JSON to bench-output/fuzz.json. Builds first when needed, like npm test.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

ensurePackages();
ensurePrismaClient();
ensureBuilt();
mkdirSync(path.join(root, "bench-output"), { recursive: true });
const env = {
  ...process.env,
  FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? "100000",
  FUZZ_REPORT: process.env.FUZZ_REPORT ?? path.join(root, "bench-output", "fuzz.json"),
};
const { status } = spawnSync("npx", ["vitest", "run", "--project", "integration", "tests/integration/fuzz.test.ts"], { cwd: root, env, stdio: "inherit" });
process.exit(status ?? 1);
