// Test projects: fast unit tests beside the code, the snippet's own tests in happy-dom, integration tests
// against a running server on a real database, browser tests in Debian's Chromium, and the files bound to
// real time in a serial project of their own. `npm test` runs all five.
//
// Scheduling (docs/testing.md): vitest puts every project's files in one pool of forks. Files of the first four
// run two at a time on these 2-core machines (vitest's default on 2 cores is one: cores − 1), so a file
// waiting on its server or Chromium leaves the other core to another file. The serial project runs after
// them, one file at a time, alone: its files measure deadlines, rates, paints and schedules in real time,
// which a neighbour's load would bend.
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

/** Files whose assertions are about real time (docs/testing.md, "The serial project"). */
export const SERIAL_FILES = [
  "tests/integration/http-deadlines.test.ts",
  "tests/integration/ingest-fairness.test.ts",
  "tests/integration/abuse-network-limits.test.ts",
  "tests/integration/goal-labels.test.ts",
  "tests/integration/durability.test.ts",
  "tests/integration/many-instances.test.ts",
  "tests/integration/database-outage.test.ts",
  "tests/integration/test-schedule.test.ts",
  "tests/integration/abuse-evidence.test.ts",
  "tests/integration/abuse-storefront-pause.test.ts",
  "tests/integration/bench-snippet.test.ts",
  "tests/browser/schedule-rollouts.test.ts",
  "tests/browser/head-helper.test.ts",
  "tests/browser/first-visit-helper.test.ts",
  "tests/browser/embed-hiding.test.ts",
  "tests/browser/embed-untested-page.test.ts",
  "tests/browser/shopify-storefront.test.ts",
  "tests/browser/snippet/reveal.test.ts",
  "tests/browser/snippet/spa.test.ts",
  "tests/browser/snippet/faults.test.ts",
];

const SERVER_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 180_000 };

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Every project: a test fails on an unexpected console.error (tests/support/console.ts).
    setupFiles: ["tests/support/vitest-setup.ts"],
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts"],
          environment: "node",
          // The simulation's and the bench's statistical checks compute for seconds; beside another file on
          // two cores, 5 s (vitest's default) is a race rather than a limit.
          testTimeout: 30_000,

        },
      },
      {
        extends: true,
        test: {
          name: "snippet",
          include: ["snippet/**/*.test.ts"],
          environment: "happy-dom",
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
          include: SERIAL_FILES,
          environment: "node",
          ...SERVER_TIMEOUTS,
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
