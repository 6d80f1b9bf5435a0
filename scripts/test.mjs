// npm test: set up what is missing (packages, Prisma client, build), then run every test project and
// close with one plain summary line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

ensurePackages();
ensurePrismaClient();
ensureBuilt();

const reportDir = mkdtempSync(path.join(os.tmpdir(), "svc-vitest-"));
const report = path.join(reportDir, "report.json");
const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)];
const result = spawnSync("npx", args, { cwd: root, stdio: "inherit" });
try {
  const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, "utf8"));
  console.log(`\nvitest: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests + numTodoTests} skipped`);
} catch {
  console.log("\nvitest: no report was written");
} finally {
  rmSync(reportDir, { recursive: true, force: true });
}
process.exit(result.status ?? 1);
