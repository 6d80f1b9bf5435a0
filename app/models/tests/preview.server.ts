// Reads for preview links: a test with its arms by id, within a site (the snippet's door; the admin's links read the
// test as the results page does: app/models/results/results.server.ts).
import { prisma } from "~/db.server";
import type { RunningTest } from "~/domain/sites/site-config";

/**
 * A test of the site in the shape the patches answer is built from, whatever its status except archived
 * (a draft is what a preview is for); null when it is not the site's, or the site's shop uninstalled.
 */
export async function findPreviewableTest(sitePublicId: string, testId: string): Promise<RunningTest | null> {
  const db = await prisma();
  const test = await db.test.findFirst({
    where: { id: testId, status: { not: "archived" }, site: { publicId: sitePublicId, shop: { uninstalledAt: null } } },
    include: { arms: { orderBy: { position: "asc" } }, goals: { orderBy: { label: "asc" } } },
  });
  if (!test) return null;
  return {
    id: test.id,
    pages: test.pages,
    trafficPercent: test.trafficPercent,
    arms: test.arms.map((arm) => ({ id: arm.id, key: arm.key, weight: arm.weight, patches: arm.patches, redirectUrl: arm.redirectUrl })),
    goals: test.goals.map((goal) => ({ label: goal.label, kind: goal.kind, selector: goal.selector, urlPattern: goal.urlPattern })),
  };
}

