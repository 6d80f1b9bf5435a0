// Shopify: the visitor's arms from the plan the app embed printed into the page, with no request before applying,
// less those the server has since stopped giving (a plan is rewritten after a test stops, not at that instant).
import { localAssignments } from "../../app/wire/rules/local-plan";
import type { Assignment, PatchesResponse } from "../../app/wire/patches";
import { CACHE_KEY, parsePatches } from "./config";
import { readJSON } from "./storage";

/** The arm ids this visitor's plan gave and the server's answer did not (`o` of the cached answer, svc_cfg). */
let off: string[] = [];
/** The arms this pageview applied from the plan. */
let applied: Assignment[] = [];

/**
 * The answer GET /api/patches would give this visitor, computed from `script[data-svc-plan]` with the
 * server's own rule (app/wire/rules/local-plan.ts), validated as a server answer is, without the arms the
 * server has stopped giving; undefined when the page has no plan (not Shopify, an older embed, a test only
 * the server can decide) or a malformed one.
 */
export function localConfig(vid: string): PatchesResponse | undefined {
  try {
    off = (readJSON(CACHE_KEY) as { o?: string[] } | null)?.o || [];
    const el = document.querySelector("script[data-svc-plan]");
    if (el) return parsePatches({ ttl: 0, tests: (applied = localAssignments(JSON.parse(el.textContent!), vid).filter((a) => !off.includes(a.arm))) });
  } catch {
    // A plan that does not parse or has the wrong shape: the server is asked, as without one.
  }
}

/**
 * What to remember with the server's answer: the arms this pageview applied from the plan that the answer
 * lacks are left out of the plan from now on, and every arm the answer gives is applied from the plan again.
 */
export const learn = (res: PatchesResponse) =>
  // concat, not spread: whatever a page script wrote there cannot throw, and is replaced by an array.
  ([] as unknown[]).concat(off, applied.map((a) => a.arm)).filter((arm) => !res.tests.some((a) => a.arm == arm));
