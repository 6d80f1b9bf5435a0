// Reads what the hide plan is built from: a shop's own storefront site (kind shopify) and its running tests.
import { prisma } from "~/db.server";
import type { HideSource } from "~/domain/shopify/hide-plan";

/** The shop's storefront site's status and running tests with their arms; null when the shop has no such site. */
export async function loadHideSource(shopDomain: string): Promise<HideSource | null> {
  const db = await prisma();
  const site = await db.site.findFirst({
    where: { kind: "shopify", shop: { domain: shopDomain } },
    orderBy: { createdAt: "asc" },
    select: {
      status: true,
      tests: {
        where: { status: "running" },
        select: {
          id: true,
          status: true,
          pages: true,
          startedAt: true,
          arms: { orderBy: { position: "asc" }, select: { patches: true, redirectUrl: true } },
        },
      },
    },
  });
  return site ?? null;
}
