// Reads what the hide plan is built from: a shop's own storefront site (kind shopify), its running tests and
// the winners its completed tests still serve, with their arms' offers (a price test's prices are printed by the embed).
import { prisma } from "~/db.server";
import type { HideSource } from "~/domain/shopify/hide-plan";

/** The shop's storefront site's status and running tests with their arms; null when the shop has no such site. */
export async function loadHideSource(shopDomain: string): Promise<HideSource | null> {
  const db = await prisma();
  const site = await db.site.findFirst({
    where: { kind: "shopify", shop: { domain: shopDomain } },
    orderBy: { createdAt: "asc" },
    select: {
      publicId: true,
      status: true,
      tests: {
        where: { OR: [{ status: "running" }, { status: "completed", servingWinner: true }] },
        select: {
          id: true,
          status: true,
          pages: true,
          startedAt: true,
          servingWinner: true,
          winnerArmId: true,
          buyNow: true,
          arms: { orderBy: { position: "asc" }, select: { id: true, patches: true, redirectUrl: true, offer: true } },
        },
      },
    },
  });
  if (!site) return null;
  // A served winner hides only what the winner changes.
  return {
    publicId: site.publicId,
    status: site.status,
    tests: site.tests.map(({ winnerArmId, arms, ...test }) => ({
      ...test,
      arms: (test.status === "completed" ? arms.filter((a) => a.id === winnerArmId) : arms).map(({ id, patches, redirectUrl, offer }) => ({ id, patches, redirectUrl, offer })),
    })),
  };
}
