// Reads a site and its running tests in the shape the in-memory site cache holds.
import { withBuyNowHidden, type BuyNowChoice } from "~/domain/experiments/buy-now";
import { carriesPriceOffer, withPriceMarker } from "~/domain/shopify/price-display";
import { carriesOffer } from "~/wire/offers";
import { prisma } from "~/db.server";
import { ATTRIBUTION_WINDOW_MS } from "~/domain/events/attribution";
import { goalRule } from "~/domain/experiments/test-form";
import { storedAudience } from "~/wire/rules/audience";
import type { HoldoutConfig, SiteConfig } from "~/domain/sites/site-config";
import { STAFF_ADDRESS_DAYS } from "~/models/shops/staff-address.server";

function holdoutOf(site: { holdoutPercent: number; holdoutRunId: string | null; holdoutSince: Date | null }): HoldoutConfig | null {
  return site.holdoutPercent > 0 && site.holdoutRunId && site.holdoutSince ? { runId: site.holdoutRunId, percent: site.holdoutPercent, since: site.holdoutSince } : null;
}

/** The site's configuration; null for an unknown Site ID and for a site whose shop uninstalled the app. */
export async function loadSiteConfig(publicId: string): Promise<SiteConfig | null> {
  const db = await prisma();
  const windowStart = new Date(Date.now() - ATTRIBUTION_WINDOW_MS);
  const site = await db.site.findUnique({
    where: { publicId },
    include: {
      shop: {
        select: {
          domain: true,
          uninstalledAt: true,
          excludeStaff: true,
          staffAddresses: { where: { lastSeenAt: { gte: new Date(Date.now() - STAFF_ADDRESS_DAYS * 86_400_000) } }, select: { address: true } },
        },
      },
      // The running tests, and every test a conversion may still count for: started, and not ended
      // more than the attribution window ago (attribution.ts).
      tests: {
        where: {
          OR: [
            { status: "running" },
            { startedAt: { not: null }, OR: [{ endedAt: null }, { endedAt: { gte: windowStart } }] },
            { status: "completed", servingWinner: true },
          ],
        },
        orderBy: { createdAt: "asc" },
        include: { arms: { orderBy: { position: "asc" } }, goals: { orderBy: { label: "asc" } } },
      },
    },
  });
  // A shop that uninstalled the app is not served until it installs again (its data waits for shop/redact).
  if (!site || site.shop.uninstalledAt) return null;
  return {
    id: site.id,
    publicId: site.publicId,
    kind: site.kind,
    status: site.status,
    currency: site.currency,
    domain: site.domain,
    allowedOrigins: site.allowedOrigins,
    consentCountries: site.consentCountries,
    serverGoals: site.serverGoals,
    shopId: site.shopId,
    shopDomain: site.shop.domain,
    staffAddresses: site.shop.excludeStaff ? site.shop.staffAddresses.map((a) => a.address) : [],
    excludeStaff: site.shop.excludeStaff,
    tests:
      site.status === "paused"
        ? []
        : // A test whose stored audience this version cannot read is served to no one (storedAudience).
          site.tests.filter((test) => test.status === "running" && storedAudience(test.audience) !== null).map((test) => ({
            id: test.id,
            pages: test.pages,
            trafficPercent: test.trafficPercent,
            audience: storedAudience(test.audience) ?? [],
            revenueCap: test.revenueCap === null ? null : Number(test.revenueCap),
            group: test.groupId !== null && test.groupStart !== null && test.groupShare !== null ? { id: test.groupId, start: test.groupStart, share: test.groupShare } : null,
            arms: test.arms.map((arm) => ({
              id: arm.id,
              key: arm.key,
              weight: arm.weight,
              patches: servedPatches(site.kind, arm, test.arms, test.buyNow),
              redirectUrl: arm.redirectUrl,
            })),
            goals: test.goals.map(goalRule),
          })),
    served:
      site.status === "paused"
        ? []
        : site.tests.flatMap((test) => {
            const arm = test.status === "completed" && test.servingWinner ? test.arms.find((a) => a.id === test.winnerArmId) : undefined;
            // An audience this version cannot read ships to no one, as a running test's is served to no one.
            const audience = storedAudience(test.audience);
            return arm && audience
              ? [{ id: test.id, pages: test.pages, audience, arm: { id: arm.id, key: arm.key, weight: arm.weight, patches: servedPatches(site.kind, arm, [arm], test.buyNow), redirectUrl: arm.redirectUrl } }]
              : [];
          }),
    holdout: site.status !== "paused" ? holdoutOf(site) : null,
    // A served winner may have ended long ago: only tests inside the attribution window count conversions.
    // The holdout's current run counts conversions like a running test, up to its own cap, paused site or not.
    attributionTests: [
      ...site.tests.flatMap((test) =>
        test.startedAt && (test.endedAt === null || test.endedAt >= windowStart) ? [{ id: test.id, startedAt: test.startedAt, endedAt: test.endedAt, revenueCap: test.revenueCap === null ? null : Number(test.revenueCap) }] : [],
      ),
      ...[holdoutOf(site)].flatMap((h) =>
        h ? [{ id: h.runId, startedAt: h.since, endedAt: null, revenueCap: site.holdoutRevenueCap === null ? null : Number(site.holdoutRevenueCap) }] : [],
      ),
    ],
  };
}

/**
 * An arm's patches as the storefront is served them: on a Shopify storefront's test charged through svc's discount,
 * with the Buy-it-now buttons hidden unless the test leaves them (`buyNow` exclude), and on a price test, the price
 * elements marked with the arm (every arm).
 */
function servedPatches(kind: string, arm: { id: string; patches: unknown }, arms: ReadonlyArray<{ offer: unknown }>, buyNow: BuyNowChoice): unknown {
  const charged = offerTest(kind, arms);
  return withPriceMarker(withBuyNowHidden(arm.patches, charged && buyNow === "hide"), arm.id, charged && carriesPriceOffer(arms));
}

/** Whether a Shopify storefront's test (or served winner) is charged through svc's discount: some arm carries an offer. */
function offerTest(kind: string, arms: ReadonlyArray<{ offer: unknown }>): boolean {
  return kind === "shopify" && carriesOffer(arms);
}
