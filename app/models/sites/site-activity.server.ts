// What a site's page needs to say whether svc is firing there: the newest event, the newest web pixel
// report, and each of its live tests' goals with its newest conversion (one index probe each).
import { prisma } from "~/db.server";

/** More goal labels than this on one site are not probed (a page, not a report). */
const MAX_GOALS = 50;

export async function readSiteActivity(siteId: string) {
  const db = await prisma();
  const [event, pixel, goals] = await Promise.all([
    db.event.findFirst({ where: { siteId }, orderBy: { occurredAt: "desc" }, select: { occurredAt: true } }),
    db.checkoutReport.findFirst({ where: { siteId }, orderBy: { receivedAt: "desc" }, select: { receivedAt: true } }),
    db.goal.findMany({
      where: { test: { siteId, status: { in: ["draft", "running", "paused"] } } },
      select: { label: true, test: { select: { name: true, status: true } } },
      orderBy: [{ label: "asc" }],
      take: MAX_GOALS * 4,
    }),
  ]);
  const labels = [...new Set(goals.map((g) => g.label))].slice(0, MAX_GOALS);
  const lastAt = new Map<string, Date | null>();
  await Promise.all(
    labels.map(async (label) => {
      const last = await db.conversion.findFirst({ where: { siteId, goal: label }, orderBy: { occurredAt: "desc" }, select: { occurredAt: true } });
      lastAt.set(label, last?.occurredAt ?? null);
    }),
  );
  return {
    lastEventAt: event?.occurredAt ?? null,
    lastPixelAt: pixel?.receivedAt ?? null,
    goals: goals
      .filter((g) => lastAt.has(g.label))
      .map((g) => ({ label: g.label, test: g.test.name, draft: g.test.status === "draft", lastAt: lastAt.get(g.label) ?? null })),
  };
}
