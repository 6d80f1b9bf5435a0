#!/usr/bin/env node
// npm run stats:simulate: the validity simulation of the statistics engine (docs/statistics.md, "Validity
// simulation"). Runs SIM_COUNT simulated tests per scenario (default 2000) from SIM_SEED (default 21) on
// SIM_WORKERS worker threads (default 2), each test read through the real buildResults()/analyze(), and
// prints the table of claims against their targets. All logic lives in app/domain/simulation/; this
// shim loads it through tsx, hands out chunks of tests to the workers and prints.
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { tsImport } from "tsx/esm/api";

const suite = await tsImport("../app/domain/simulation/suite.ts", import.meta.url);

if (!isMainThread) {
  // A worker: run each chunk it is sent, answer with its tallies.
  parentPort.on("message", (chunk) => {
    if (chunk === null) process.exit(0);
    parentPort.postMessage(suite.runPlannedChunk(chunk, workerData.seed));
  });
} else {
  const integer = (name, fallback, min) => {
    const raw = process.env[name];
    const value = raw === undefined || raw === "" ? fallback : Number(raw);
    if (!Number.isSafeInteger(value) || value < min) {
      console.error(`stats:simulate: ${name} must be an integer ≥ ${min} (got ${raw})`);
      process.exit(2);
    }
    return value;
  };
  const count = integer("SIM_COUNT", 2000, 1);
  const seed = integer("SIM_SEED", 21, 0);
  const workers = Math.min(integer("SIM_WORKERS", Math.min(2, availableParallelism()), 1), 16);
  const { formatTable } = await tsImport("../app/domain/simulation/table.ts", import.meta.url);

  const started = Date.now();
  const queue = suite.planChunks(count);
  const total = queue.length;
  const tallies = {};
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, () => new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { seed } });
      const next = () => worker.postMessage(queue.shift() ?? null);
      worker.on("message", (result) => {
        suite.mergeTallies(tallies, result);
        done++;
        if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} chunks`);
        next();
      });
      worker.on("error", reject);
      worker.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`))));
      next();
    })),
  );
  if (process.stderr.isTTY) process.stderr.write("\r");
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`Validity simulation: ${count} simulated tests per scenario, seed ${seed}, ${workers} workers, ${seconds} s`);
  console.log("(measured: share of tests, or a mean, with n the tests counted; MC error: one standard error)\n");
  console.log(formatTable(suite.tableLines(tallies)));
}
