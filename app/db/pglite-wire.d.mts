// The types of pglite-wire.mjs (plain JavaScript, run as it is on the PGlite thread), for the tests that read its bounds.
import type { PGlite } from "@electric-sql/pglite";

export const STARTUP_MAX_BYTES: number;
export const PASSWORD_MAX_BYTES: number;
export const MESSAGE_MAX_BYTES: number;
export const PENDING_MAX_BYTES: number;
export const AUTH_TIMEOUT_MS: number;
export const IDLE_IN_TURN_MS: number;
export const MAX_CONNECTIONS: number;

export function serveOverWire(
  db: PGlite,
  port: number,
  options?: { password?: string; idleInTurnMs?: number },
): Promise<{ port: number; password: string; close(): Promise<void> }>;
