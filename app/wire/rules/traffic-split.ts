// Which of a site's running tests, and which arm of each, a visitor gets once mutually exclusive groups and
// the store-wide holdout are applied on top of each test's own assignment (docs/traffic.md).
import { armOf, hashToUnit, type TestAllocation } from "./assignment";

/** A test's slice of its group: [start, start + share) on the group's 0..100 line, in percent. */
export interface GroupSlice {
  id: string;
  start: number;
  share: number;
}

export interface SplitTest<Arm extends { id: string; weight: number } = { id: string; weight: number }> extends Omit<TestAllocation, "arms"> {
  arms: ReadonlyArray<Arm>;
  /** Null or absent: the test is in no group and may share a visitor with any other test. */
  group?: GroupSlice | null;
}

export interface SplitSite {
  id: string;
  /** Store-wide holdout share, 0..100 (0 or absent: off). */
  holdoutPercent?: number;
}

/**
 * The visitor's point on a group's line, in [0, 100): `unit("group:<site>:<group>:<visitor>") * 100`.
 * Its own hash namespace: the key starts with "group:" where an arm's keys start with the site's id (a
 * cuid, never "group"), so the point is independent of every test's traffic and arm hashes, and a
 * visitor's slice says nothing about the arm they get inside it.
 */
export function groupPoint(siteId: string, groupId: string, visitorId: string): number {
  return hashToUnit(`group:${siteId}:${groupId}:${visitorId}`) * 100;
}

/**
 * Whether the visitor is in the site's holdout: `unit("holdout:<site>:<visitor>") * 100 < holdoutPercent`.
 * A namespace of its own again (three parts, starting "holdout:"); the threshold form means raising the
 * share only adds visitors to the holdout, and lowering it only lets some out.
 */
export function inHoldout(site: SplitSite, visitorId: string): boolean {
  // No clamping needed: the point is in [0, 100), so 0, a negative share and NaN hold no one out.
  return hashToUnit(`holdout:${site.id}:${visitorId}`) * 100 < (site.holdoutPercent ?? 0);
}

/** Whether a point of the group's line falls in the slice (start inclusive, end exclusive). */
export function inSlice(point: number, slice: Pick<GroupSlice, "start" | "share">): boolean {
  return point >= slice.start && point < slice.start + slice.share;
}

/**
 * The tests this visitor is in, each with its arm, in the order given. Nothing at all for a visitor in the
 * holdout. A grouped test takes only the visitors whose group point falls in its slice, then assigns them
 * by its own rule (assignArm: traffic share, then weights), so its share of the site's visitors is
 * share × trafficPercent / 100. Slices of one group never overlap when the admin placed them; should two
 * stored slices overlap anyway, the first test (in the order given) containing the point takes the visitor,
 * so a visitor is never in two tests of one group, whatever the rows say.
 */
export function assignTests<T extends SplitTest>(site: SplitSite, tests: readonly T[], visitorId: string): Array<{ test: T; arm: T["arms"][number] }> {
  if (inHoldout(site, visitorId)) return [];
  const taken = new Set<string>();
  const assigned: Array<{ test: T; arm: T["arms"][number] }> = [];
  for (const test of tests) {
    const group = test.group;
    if (group) {
      // The snippet bundles this (app/wire/rules/local-plan.ts): a group's point is hashed again for each
      // of its tests rather than kept, which costs a hash and saves bytes every shopper downloads.
      if (taken.has(group.id) || !inSlice(groupPoint(site.id, group.id, visitorId), group)) continue;
      // The slice is the visitor's whether or not the test's own traffic share lets them in: the rest of
      // the slice is nobody's, so the group's tests stay exclusive.
      taken.add(group.id);
    }
    const arm = armOf(site, test, visitorId);
    if (arm) assigned.push({ test, arm });
  }
  return assigned;
}

/** The arm this visitor is in for one of the tests (null: not in it), judged among all of them. */
export function assignedArmOf<T extends SplitTest>(site: SplitSite, tests: readonly T[], testId: string, visitorId: string): T["arms"][number] | null {
  return assignTests(site, tests, visitorId).find((a) => a.test.id === testId)?.arm ?? null;
}
