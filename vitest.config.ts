// Test projects: fast unit tests beside the code, the snippet's own tests in happy-dom, integration tests
// against a running server on a real database, browser tests in Debian's Chromium, and the files bound to
// real time in two lanes of their own. `npm test` runs all six.
//
// Scheduling (docs/testing.md): integration and browser files run three at a time in forks on these 2-core
// machines (vitest's default on 2 cores is one: cores − 1), so a file waiting on its server or Chromium leaves
// the other core to another file; beside them, the threads pool runs the pure tests. `npm test` (scripts/test.mjs)
// runs all that first at the lowest priority, then two lanes at once in vitest processes of their own: the files
// that time what they see (deadlines, rates, paints), which a neighbour's load would bend, one at a time at normal
// priority, and beside them the files that only wait for real time to pass (schedules, restarts), one at a time at
// a low priority. Alone, `npx vitest run` runs the timing files last.
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { TEST_NODE_FLAGS } from "./tests/support/node-flags";

/**
 * Files whose assertions time what they see (docs/testing.md, "The serial lane"): deadlines, rates, first
 * paints and the snippet's own timeouts, which a neighbour's load would stretch. One at a time, at a higher CPU
 * priority than everything else (scripts/test.mjs).
 */
export const TIMING_FILES = [
  "tests/integration/http-deadlines.test.ts",
  "tests/integration/ingest-fairness.test.ts",
  "tests/integration/abuse-network-limits.test.ts",
  "tests/integration/goal-labels.test.ts",
  "tests/integration/bench-snippet.test.ts",
  "tests/browser/head-helper.test.ts",
  "tests/browser/first-visit-helper.test.ts",
  "tests/browser/embed-hiding.test.ts",
  "tests/browser/embed-untested-page.test.ts",
  "tests/browser/shopify-storefront.test.ts",
  "tests/browser/snippet/reveal.test.ts",
  "tests/browser/snippet/spa.test.ts",
  "tests/browser/snippet/faults.test.ts",
  // Its cache case assumes the async snippet runs before a slowed body arrives: under the busy part's load it once
  // painted the original first with 400 ms (a clean-clone run on 2026-12-06, 1 of 3; again on 2026-12-08, so 1.5 s now).
  "tests/browser/snippet/dom.test.ts",
  // Each case waits for svc to have run and reads what it applied; under the busy part's load on a slower machine
  // a page's variant once came too late for its audience case (a run on 2026-12-06, 1 of 2; alone, 8 of 8 pass).
  "tests/browser/audiences.test.ts",
  // It reads which arm each page shows, which the snippet applies within its 1 s timeout: under the busy part's load
  // on a slower machine a page once showed the original where the arm was due (a run on 2026-12-06).
  "tests/browser/shopify-stale-plan.test.ts",
  // Each of its 20 shoppers must see the arm's price, which the snippet applies within its 1 s timeout (after it, the
  // page keeps the list price while checkout charges the arm's): under the busy part's load that could come too late.
  "tests/browser/shopify-price-test.test.ts",
  // Pure code, but they compare how long hostile input takes at two sizes: at the lowest priority, slices of a
  // few milliseconds bent the ratio (a clean-clone run on 2026-12-06 read 55 against a bound of 30).
  "app/wire/rules/markup-growth.test.ts",
  "app/domain/experiments/css-urls-growth.test.ts",
];

/**
 * Files that wait for real time to pass rather than time it: the schedule job firing every second on a real
 * server, processes killed and restarted. Mostly asleep, they run one at a time in a lane of their own beside the
 * serial lane (scripts/test.mjs): load makes them slower, never wrong (their deadlines are many schedule passes long).
 * They share one thread without isolation, as the pure tests do: each starts its own servers on its own database.
 */
export const WAITING_FILES = [
  "tests/integration/durability.test.ts",
  "tests/integration/many-instances.test.ts",
  "tests/integration/database-outage.test.ts",
  "tests/integration/test-schedule.test.ts",
  "tests/integration/abuse-evidence.test.ts",
  "tests/integration/abuse-storefront-pause.test.ts",
  "tests/browser/schedule-rollouts.test.ts",
];

/** Every file bound to real time, which the integration and browser projects leave to the two lanes. */
export const SERIAL_FILES = [...TIMING_FILES, ...WAITING_FILES];

const SERVER_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 180_000 };

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Every project: a test fails on an unexpected console.error (tests/support/console.ts).
    setupFiles: ["tests/support/vitest-setup.ts"],
    maxWorkers: 2,
    minWorkers: 1,
    poolOptions: {
      // Three integration and browser files at a time on two cores: a file is one chain of waits (its server's
      // answer, Chromium's paint, a poll's interval), so two of them left a fifth of the cores idle once the
      // pure tests and the waiting lane were done (docs/testing.md, "Time").
      forks: { execArgv: TEST_NODE_FLAGS, maxForks: 3 },
      // The pure tests share their workers: a file there starts no process and leaves no state behind, and a
      // fresh worker per file cost as much CPU as the tests themselves (issue 35: 140 CPU-s against 71). The
      // waiting lane runs in this pool too, after them, while the forks still run integration and browser files.
      threads: { isolate: false },
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts", "extensions/**/*.test.ts"],
          exclude: SERIAL_FILES,
          environment: "node",
          pool: "threads",
          // The simulation's and the bench's statistical checks compute for seconds, at the lowest priority beside
          // the serial lane: a hang guard, not a limit. 30 s was a race on a slower machine (a clean-clone run on
          // 2026-12-06: the bench's 400 seeded benches took 44.8 s there, ~2 s alone).
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "snippet",
          include: ["snippet/**/*.test.ts"],
          environment: "happy-dom",
          pool: "threads",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: SERIAL_FILES,
          environment: "node",
          ...SERVER_TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          exclude: SERIAL_FILES,
          environment: "node",
          ...SERVER_TIMEOUTS,
        },
      },
      {
        extends: true,
        test: {
          name: "serial",
          include: TIMING_FILES,
          environment: "node",
          ...SERVER_TIMEOUTS,
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
          // snippet/faults' cases, which mostly sleep through the snippet's timeouts: two at a time (docs/testing.md).
          maxConcurrency: 2,
          // After everything else (group 0), alone.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "waiting",
          include: WAITING_FILES,
          environment: "node",
          ...SERVER_TIMEOUTS,
          // One thread: `npm test` runs it beside the serial lane; `npx vitest run` beside the forks' integration and browser files.
          pool: "threads",
          poolOptions: { threads: { singleThread: true } },
        },
      },
    ],
  },
});
