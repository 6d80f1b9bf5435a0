// A site's revenue cap: the merchant's setting on the site page, the default it falls back to, and the
// amount a test fixes when it starts (app/domain/sites/revenue-cap.ts).
import { capForNewTest, parseRevenueCap, REVENUE_CAP_MIN_VALUES, REVENUE_CAP_WINDOW_DAYS, windowStart, type FixedRevenueCap, type RevenueCapSetting } from "~/domain/sites/revenue-cap";
import { recentConversionValues, readSiteRevenueCap, writeSiteRevenueCap } from "~/models/sites/revenue-cap.server";
import { findShopByDomain } from "~/models/shops/shop.server";
import { findSiteOfShop } from "~/models/sites/site.server";
import { fail, invalidForm, ok, type Outcome } from "~/services/outcome";
import { SITE_NOT_FOUND } from "./site-admin.server";

/** The cap a test of this site fixes when it starts now: the site's own, else the recent 99th percentile, else none. */
export async function revenueCapAtStart(site: { id: string; currency: string }, now: Date): Promise<FixedRevenueCap | null> {
  const own = await readSiteRevenueCap(site.id);
  if (own !== null) return capForNewTest(own, { count: 0, p99: null });
  return capForNewTest(null, await recentConversionValues(site.id, site.currency, windowStart(now), now));
}

export async function loadRevenueCapSetting(shopDomain: string, publicId: string, now = new Date()): Promise<Outcome<RevenueCapSetting>> {
  const shop = await findShopByDomain(shopDomain);
  const site = shop && (await findSiteOfShop(shop.id, publicId));
  if (!site) return fail(SITE_NOT_FOUND);
  const recent = await recentConversionValues(site.id, site.currency, windowStart(now), now);
  return ok({
    cap: site.revenueCap == null ? null : Number(site.revenueCap),
    currency: site.currency,
    defaultCap: capForNewTest(null, recent)?.amount ?? null,
    values: recent.count,
    windowDays: REVENUE_CAP_WINDOW_DAYS,
    minValues: REVENUE_CAP_MIN_VALUES,
  });
}

/** Sets (or clears, with an empty field) the site's cap; tests already started keep theirs. */
export async function saveRevenueCapSetting(shopDomain: string, publicId: string, raw: string | null): Promise<Outcome<{ cap: number | null }>> {
  const shop = await findShopByDomain(shopDomain);
  const site = shop && (await findSiteOfShop(shop.id, publicId));
  if (!site) return fail(SITE_NOT_FOUND);
  const parsed = parseRevenueCap(raw);
  if (!parsed.ok) return fail(invalidForm("invalid-revenue-cap", { revenueCap: parsed.error }));
  await writeSiteRevenueCap(site.id, parsed.value);
  return ok({ cap: parsed.value });
}
