// Each test file's CPU, for finding what the suite's time goes to (docs/testing.md, "What each file costs"): with
// SVC_TEST_CPU_LOG set to a file, a file run in a process of its own (the integration, browser and serial forks)
// appends one line of JSON with the CPU-seconds its process and the children it reaped (its servers, Chromium,
// cp) spent from the file's setup to its end. Under a full run's load, wall times rank waiting as much as work;
// CPU-seconds add up to what the two cores must do.
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { afterAll, expect } from "vitest";

/** USER_HZ, the unit of /proc's times (100 on Linux's supported architectures). */
const CLOCK_TICKS = 100;

/** This process's own CPU and that of its reaped children (proc(5): utime, stime, cutime, cstime), in seconds. */
function processCpu(): { own: number; children: number } {
  // The command name may hold spaces: the fields after its closing parenthesis are fixed.
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  const at = (n: number) => Number(fields[n - 3]) / CLOCK_TICKS;
  return { own: at(14) + at(15), children: at(16) + at(17) };
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * Registers the file's CPU line, from now (the setup file runs before the test file's imports) to its last
 * afterAll. `boot` is what the process had spent before: a fresh fork's start, or the earlier files of a fork
 * that runs several (the serial lane's).
 */
export function logFileCpu(): void {
  const log = process.env.SVC_TEST_CPU_LOG;
  // A thread shares its process with other files running at once: its process's CPU is not its own.
  if (!log || !isMainThread) return;
  const start = processCpu();
  afterAll(() => {
    const end = processCpu();
    const file = path.relative(process.cwd(), expect.getState().testPath ?? "unknown");
    const line = { file, own: round(end.own - start.own), children: round(end.children - start.children), boot: round(start.own + start.children) };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
