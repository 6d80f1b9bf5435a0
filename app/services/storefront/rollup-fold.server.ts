// The rollup fold: this process's part, the sites it wrote parts for, and the background step that folds them
// into part 0 (app/models/events/rollup-fold.server.ts; docs/database.md, "Rollup parts").
import { randomInt } from "node:crypto";
import { foldRollupsOfSite, sitesWithUnfoldedRollups } from "~/models/events/rollup-fold.server";

/**
 * The part this process's storefront writers add to: drawn at start, so that instances (and a restarted one) write
 * rows of their own. Two instances drawing the same part only wait on each other's rows, as before parts.
 */
const PART = randomInt(1, 2 ** 31 - 1);
export const rollupPart = (): number => PART;

const unfolded = new Set<string>();
let swept = false;

/** The writer committed rollup increments into this process's part for these sites. */
export function noteUnfolded(siteIds: Iterable<string>): void {
  for (const id of siteIds) unfolded.add(id);
}

/**
 * Folds every site this process wrote parts for since the last fold, and at the first fold every site with parts
 * left by a process that ended first. A site whose rows were busy is kept for the next fold.
 */
export async function foldRollups(): Promise<{ sites: number; moved: number; busy: number }> {
  if (!swept) {
    noteUnfolded(await sitesWithUnfoldedRollups());
    swept = true;
  }
  const sites = [...unfolded];
  unfolded.clear();
  let moved = 0;
  let busy = 0;
  for (const site of sites) {
    let folded: Awaited<ReturnType<typeof foldRollupsOfSite>>;
    try {
      folded = await foldRollupsOfSite(site);
    } catch (error) {
      unfolded.add(site);
      throw error;
    }
    if (folded === "busy") {
      busy++;
      unfolded.add(site);
    } else moved += folded.moved;
  }
  return { sites: sites.length, moved, busy };
}

let timer: ReturnType<typeof setInterval> | null = null;
let running: Promise<unknown> | null = null;

/**
 * Folds every `everyMs` (SVC_ROLLUP_FOLD_SECONDS, 30 s by default). Readers sum the parts, so the interval changes
 * neither what they show nor how many rows they read (one more per key and process at most); folding less often moves
 * each busy key once for many writes. At 5 s the fold was ~5 % of PostgreSQL's time under the bench's realistic mix
 * (docs/performance.md, "Rollup parts").
 */
export function startRollupFold(everyMs: number, log: (line: string) => void): void {
  if (timer) return;
  timer = setInterval(() => {
    if (running) return;
    running = foldRollups()
      .catch((error: unknown) => log(`rollup fold failed (the parts stay, and are read): ${(error as Error).message}`))
      .finally(() => (running = null));
  }, everyMs);
  timer.unref();
}

/** Stops the step and waits for a fold under way (the database is closed next). */
export async function stopRollupFold(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
