// Local assignment on Shopify: the plan the app embed prints into the page, and the visitor's arms from it.
import type { Assignment } from "../patches";
import { hashToUnit, murmur3x86_32 } from "./assignment";

/**
 * One test as the snippet assigns it, already digested by the server (app/domain/shopify/local-plan.ts) so
 * that the snippet needs only the hash: `p` the traffic share (TestAllocation.trafficPercent), `g` its group
 * slice as [group id, start, share] (GroupSlice), `a` each arm as [threshold, the Assignment the server
 * answers for it], the thresholds being armThresholds of the weights (assignment.ts). A served winner is a
 * test of one arm at 100% with threshold 2^32.
 */
export interface LocalTest {
  id: string;
  p: number;
  g?: [id: string, start: number, share: number];
  a: Array<[threshold: number, assignment: Assignment]>;
}

/**
 * The plan for one pageview, printed by the app embed as `<script type="application/json" data-svc-plan>`:
 * `l` the site's part (the site id every hash key starts with, and the holdout while it is on: its percent,
 * then the holdout's and the rest's Assignment), `t` every running test and served winner whose page checks
 * hold on this page, in the order GET /api/patches lists them. The embed prints no plan when one such test
 * can only be decided by the server (an audience rule the page cannot check, a test too large for the
 * metafield): the snippet then asks `/api/patches` as it always did.
 */
export interface LocalPlan {
  l: { s: string; h?: [percent: number, holdout: Assignment, rest: Assignment] };
  t: LocalTest[];
}

/**
 * The visitor's arms among the plan's tests: what GET /api/patches answers (patchesFor), by the same rule
 * (assignTests in traffic-split.ts: the holdout, then each group's slice, then the test's own traffic and
 * arm), written out flat over the digested plan because every shopper downloads it. The holdout sees
 * nothing but its own side; everyone else gets their tests, then the rest's side.
 */
export function localAssignments(plan: LocalPlan, vid: string): Assignment[] {
  const { s, h } = plan.l;
  const point = (key: string) => hashToUnit(key) * 100;
  if (h && point(`holdout:${s}:${vid}`) < h[0]) return [h[1]];
  const taken: Record<string, 1> = {};
  const out: Assignment[] = [];
  for (const { id, p, g, a } of plan.t) {
    if (g) {
      // In the slice [start, start + share) of the group's line, and the group's only test for this visitor.
      const x = point(`group:${s}:${g[0]}:${vid}`);
      if (taken[g[0]] || x < g[1] || x >= g[1] + g[2]) continue;
      taken[g[0]] = 1;
    }
    const key = `${s}:${id}:${vid}`;
    const arm = point(`${key}:traffic`) < p && a.find(([threshold]) => murmur3x86_32(`${key}:arm`) < threshold);
    if (arm) out.push(arm[1]);
  }
  if (h) out.push(h[2]);
  return out;
}
