// npm test: set up what is missing (packages, Prisma client, build), check types and lint, then run
// every test project and close with one plain summary line.
//
// `npm test` with no arguments is the full check CI runs (.ci/run): typecheck, then lint, then all four
// vitest projects; a typecheck or lint failure stops it (exit 1) before the build and the suites.
// `npm test -- <vitest arguments>` runs a subset (for example `--project unit app/domain/sites/site-id.test.ts`):
// the arguments go to vitest unchanged, typecheck and lint are skipped so that subsets stay fast
// (`npm run typecheck`, `npm run lint` run them alone), and the build is made only when an integration
// or browser project may run (no --project, or one of those named).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuilt, ensurePackages, ensurePrismaClient, root } from "./project.mjs";

const vitestArgs = process.argv.slice(2);
const subset = vitestArgs.length > 0;

ensurePackages();
ensurePrismaClient();

if (!subset) {
  const failed = [];
  for (const name of ["typecheck", "lint"]) {
    console.log(`[test] npm run ${name}`);
    const started = Date.now();
    const { status } = spawnSync("npm", ["run", "--silent", name], { cwd: root, stdio: "inherit" });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (status === 0) console.log(`[test] ${name}: ok (${seconds} s)`);
    else {
      console.log(`[test] ${name}: FAILED (exit ${status}, ${seconds} s)`);
      failed.push(name);
    }
  }
  if (failed.length > 0) {
    console.log(`\nvitest: not run: ${failed.join(" and ")} failed (\`npm run ${failed[0]}\` repeats it)`);
    process.exit(1);
  }
}

const projects = vitestArgs.flatMap((arg, i) =>
  arg === "--project" ? [vitestArgs[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : [],
);
if (projects.length === 0 || projects.some((name) => !["unit", "snippet"].includes(name))) ensureBuilt();

const reportDir = mkdtempSync(path.join(os.tmpdir(), "svc-vitest-"));
const report = path.join(reportDir, "report.json");
const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...vitestArgs];
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
