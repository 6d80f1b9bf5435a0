// Mutually exclusive groups (TestGroup) and the slices their tests hold: the only code that writes TestGroup.
import { prisma } from "~/db.server";
import { HOLDING_STATUSES, type HeldSlice } from "~/domain/experiments/test-group";

export interface GroupRow {
  id: string;
  name: string;
  site: { id: string; publicId: string; name: string };
  tests: Array<{ id: string; name: string; status: string; groupStart: number | null; groupShare: number | null; trafficPercent: number }>;
}

/** The shop's groups, by site then name, each with its tests (every status, the slice holders first by start). */
export async function listGroupsOfShop(shopId: string): Promise<GroupRow[]> {
  const db = await prisma();
  return db.testGroup.findMany({
    where: { site: { shopId } },
    orderBy: [{ site: { createdAt: "asc" } }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      site: { select: { id: true, publicId: true, name: true } },
      tests: {
        orderBy: [{ groupStart: "asc" }, { createdAt: "asc" }],
        select: { id: true, name: true, status: true, groupStart: true, groupShare: true, trafficPercent: true },
      },
    },
  });
}

/** Creates a group on the site; null when the site already has a group of that name. */
export async function createGroup(siteId: string, name: string): Promise<string | null> {
  const db = await prisma();
  const existing = await db.testGroup.findFirst({ where: { siteId, name }, select: { id: true } });
  if (existing) return null;
  try {
    return (await db.testGroup.create({ data: { siteId, name }, select: { id: true } })).id;
  } catch (error) {
    // Created meanwhile by another request: the unique (siteId, name) says so.
    if ((error as { code?: string }).code === "P2002") return null;
    throw error;
  }
}

/**
 * Deletes the shop's group when none of its tests holds a slice any more (its ended tests leave it: their
 * groupId is set to null); false otherwise.
 */
export async function deleteEmptyGroup(shopId: string, groupId: string): Promise<boolean> {
  const db = await prisma();
  const { count } = await db.testGroup.deleteMany({ where: { id: groupId, site: { shopId }, tests: { none: { status: { in: [...HOLDING_STATUSES] } } } } });
  return count > 0;
}

/** The slices the group's tests hold (drafts, running and paused tests), leaving out `exceptTestId`. */
export async function heldSlices(groupId: string, exceptTestId?: string): Promise<HeldSlice[]> {
  const db = await prisma();
  const tests = await db.test.findMany({
    where: { groupId, status: { in: [...HOLDING_STATUSES] }, ...(exceptTestId && { id: { not: exceptTestId } }) },
    select: { groupStart: true, groupShare: true },
  });
  return tests.flatMap((t) => (t.groupStart !== null && t.groupShare !== null ? [{ start: t.groupStart, share: t.groupShare }] : []));
}
