// Tests fail on an unexpected console.error (registered for every project by tests/support/vitest-setup.ts).
//
// An error log in a test is usually a bug the test did not look for: a swallowed exception, a React warning,
// a failed request that was only logged. A test that expects one says so:
//
//   const logged = expectConsoleError();   // this test expects console.error; the calls are kept, not printed
//   …
//   expect(logged[0]?.[0]).toMatch(/database/);
//
// Silencing it the usual way, `vi.spyOn(console, "error").mockImplementation(() => {})`, also counts as an
// opt-out: the calls never reach the watcher. A bare `vi.spyOn(console, "error")` (no implementation) does not.
import { format } from "node:util";

interface Watch {
  original: typeof console.error;
  calls: unknown[][];
  expected: boolean;
}
let watch: Watch | undefined;

/** beforeEach: route console.error through a recorder (which still prints, unless expected). */
export function watchConsoleError(): void {
  const current: Watch = { original: console.error, calls: [], expected: false };
  watch = current;
  console.error = (...args: unknown[]) => {
    current.calls.push(args);
    if (!current.expected) current.original(...args);
  };
}

/**
 * afterEach: put console.error back, and fail the test on an error log it did not expect, or on no error
 * log when it did expect one.
 */
export function checkConsoleError(): void {
  const current = watch;
  watch = undefined;
  if (!current) return;
  console.error = current.original;
  if (!current.expected && current.calls.length > 0) {
    const logged = current.calls.map((args) => `  ${format(...args).split("\n").slice(0, 8).join("\n  ")}`);
    throw new Error(
      `console.error was called ${current.calls.length} time(s) in a test that did not expect it ` +
        `(call expectConsoleError() from tests/support/console.ts if it should):\n${logged.join("\n")}`,
    );
  }
  if (current.expected && current.calls.length === 0) {
    throw new Error("expectConsoleError() was called, but the test logged no console.error");
  }
}

/**
 * Opt out for the current test: it expects console.error. The calls are kept (not printed) and returned,
 * as a live array, for the test to check. The test fails if nothing is logged by its end.
 */
export function expectConsoleError(): unknown[][] {
  if (!watch) throw new Error("expectConsoleError() must be called inside a test (the watcher is set in beforeEach)");
  watch.expected = true;
  return watch.calls;
}
