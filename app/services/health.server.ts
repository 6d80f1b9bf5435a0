// Health of the process and its database, for GET /healthz.
import { connect } from "~/db.server";

export interface Health {
  status: "ok" | "error";
  database: { status: "ok" | "error"; kind?: string; latencyMs?: number; error?: string };
}

export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    const { database } = await connect();
    await database.sql.query("SELECT 1");
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return { status: "ok", database: { status: "ok", kind: database.kind, latencyMs } };
  } catch (error) {
    return { status: "error", database: { status: "error", error: (error as Error).message } };
  }
}
