// Registered for every vitest project (vitest.config.ts, setupFiles): an unexpected console.error fails
// the test. See tests/support/console.ts for why and for the opt-out, expectConsoleError().
// Integration and browser tests run the server in a child process: its logs do not pass through here.
import { afterEach, beforeEach } from "vitest";
import { checkConsoleError, watchConsoleError } from "./console";
import { logFileCpu } from "./cpu-log";

beforeEach(() => watchConsoleError());
afterEach(() => checkConsoleError());
// Registered first, so run last of the file's afterAll hooks (vitest runs them as a stack): after its servers and
// Chromium have stopped and been reaped.
logFileCpu();
