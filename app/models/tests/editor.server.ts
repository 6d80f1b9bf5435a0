// Reads and the one write of the visual editor: a test with its arms and site, by site (the editor's
// token) or by shop (the admin), and an arm's patches replaced while its test is still a draft.
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { Patch } from "~/wire";

const EDITOR_TEST = {
  id: true,
  name: true,
  status: true,
  pages: true,
  arms: { orderBy: { position: "asc" }, select: { id: true, key: true, name: true, position: true, patches: true, redirectUrl: true } },
  site: { select: { publicId: true, kind: true, domain: true, shop: { select: { domain: true } } } },
} satisfies Prisma.TestSelect;

export type EditorTestRow = Prisma.TestGetPayload<{ select: typeof EDITOR_TEST }>;

/** The site's test as the editor sees it; null when it is not the site's, or the site's shop uninstalled. */
export async function findEditorTest(sitePublicId: string, testId: string): Promise<EditorTestRow | null> {
  const db = await prisma();
  return db.test.findFirst({ where: { id: testId, site: { publicId: sitePublicId, shop: { uninstalledAt: null } } }, select: EDITOR_TEST });
}

/** The shop's test as the editor sees it; null when it is another shop's or none. */
export async function findEditorTestOfShop(shopDomain: string, testId: string): Promise<EditorTestRow | null> {
  const db = await prisma();
  return db.test.findFirst({ where: { id: testId, site: { shop: { domain: shopDomain } } }, select: EDITOR_TEST });
}

/** Thrown inside the transaction to roll it back when the arm is gone. */
class ArmGone extends Error {}

/**
 * Replaces the arm's patches, in one transaction that first marks its test changed on the condition that
 * it is still a draft: that row stays locked until the arm is written, so a test started meanwhile is
 * never changed. False when nothing was written.
 */
export async function replaceDraftArmPatches(testId: string, armId: string, patches: Patch[]): Promise<boolean> {
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const draft = await tx.test.updateMany({ where: { id: testId, status: "draft" }, data: { updatedAt: new Date() } });
    if (draft.count !== 1) return false;
    const arm = await tx.arm.updateMany({ where: { id: armId, testId }, data: { patches: patches as unknown as Prisma.InputJsonValue } });
    // An arm gone meanwhile: the test's mark is rolled back with it.
    if (arm.count !== 1) throw new ArmGone();
    return true;
  }).catch((error: unknown) => {
    if (error instanceof ArmGone) return false;
    throw error;
  });
}
