// Health of the process, its database and (when configured) the shared Redis, for GET /healthz.
import { redisConfigured, withRedis } from "~/infra/redis.server";
import { pingDatabase } from "~/models/database.server";

export interface Health {
  /** The database decides it: without a database nothing is stored, without Redis limits fail open. */
  status: "ok" | "error";
  /** No error text: /healthz is public, and a driver's message names hosts, databases and users. The log has it. */
  database: { status: "ok" | "error"; kind?: string; latencyMs?: number };
  /** "off" without REDIS_URL; "unavailable" while limits fail open and invalidations wait for the refresh. */
  redis: { status: "ok" | "unavailable" | "off"; latencyMs?: number };
}

export async function checkHealth(): Promise<Health> {
  const [database, redis] = await Promise.all([checkDatabase(), checkRedis()]);
  return { status: database.status, database, redis };
}

async function checkDatabase(): Promise<Health["database"]> {
  const started = performance.now();
  try {
    const { kind } = await pingDatabase();
    return { status: "ok", kind, latencyMs: since(started) };
  } catch (error) {
    console.error(`[svc] health: the database did not answer: ${(error as Error).message}`);
    return { status: "error" };
  }
}

async function checkRedis(): Promise<Health["redis"]> {
  if (!redisConfigured()) return { status: "off" };
  const started = performance.now();
  const answer = await withRedis((client) => client.ping());
  return answer === "PONG" ? { status: "ok", latencyMs: since(started) } : { status: "unavailable" };
}

const since = (started: number) => Math.round((performance.now() - started) * 100) / 100;
