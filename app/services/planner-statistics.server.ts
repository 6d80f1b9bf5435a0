// Keeps the query planner's statistics fresh where nothing else does: on PGlite, which has no autovacuum, and on a
// PostgreSQL server whose autovacuum is off. Elsewhere autovacuum's analyze does it and svc stays out of its way.
import { analyzeDatabase, analyzeGrownTables, autovacuumAnalyzes, openDatabase } from "~/models/database.server";

/**
 * All tables at start and every 10 minutes, and every 5 s those that doubled since (analyzeGrownTables), as
 * autovacuum would. Without the latter, statistics taken at start on nearly empty tables (one order row) made the
 * group commit's lookups sequential scans within 30 s of a restart (npm run bench: "after a restart with an order").
 * Without any, a statement prepared while a table was empty kept its generic plan for the connection's life: on a
 * fresh PostgreSQL database with autovacuum off, the writer read a session's exposure through the test's index and a
 * conversion id through the goals' index, a cost that grew with every event stored (docs/performance.md,
 * "Statistics, whole segments, the visitor index, …"). ANALYZE invalidates the plans cached on the tables it reads.
 */
const ANALYZE_EVERY_MS = 10 * 60 * 1000;
const GROWTH_CHECK_EVERY_MS = 5_000;
let timers: Array<ReturnType<typeof setInterval>> = [];

/** Whether svc refreshes the statistics itself: nothing else does on this database. */
export async function statisticsKeptBySvc(): Promise<boolean> {
  const { kind } = await openDatabase();
  return kind === "pglite" || !(await autovacuumAnalyzes());
}

/** Starts the refreshes when statisticsKeptBySvc; answers whether it did. */
export async function startStatisticsUpkeep(log: (line: string) => void): Promise<boolean> {
  if (!(await statisticsKeptBySvc())) return false;
  const failed = (error: unknown) => log(`ANALYZE failed: ${(error as Error).message}`);
  const analyze = () => analyzeDatabase().catch(failed);
  void analyze();
  if (timers.length > 0) return true;
  timers = [setInterval(analyze, ANALYZE_EVERY_MS), setInterval(() => void analyzeGrownTables().catch(failed), GROWTH_CHECK_EVERY_MS)];
  for (const timer of timers) timer.unref();
  return true;
}

export function stopStatisticsUpkeep(): void {
  for (const timer of timers) clearInterval(timer);
  timers = [];
}
