// Keeps the svc.hide app-data metafield (the app embed's hide plan) in step with a shop's running tests:
// called by every admin service that may change them (creating or saving a test, its lifecycle changes,
// resuming a site), wherever that service is called from, and by the stale-plan sweep (stale-hide-plans)
// for the changes svc makes by itself. A failure never fails that action: the shop's plan stays marked
// behind (Shop.hidePlanWanted) and the schedule job tries again at each pass until a write succeeds. svc's
// offers discount (offer-discount.server.ts) is brought in step in the same pass, under the same mark.
import { buildHidePlan, EMPTY_HIDE_PLAN, type HidePlan } from "~/domain/shopify/hide-plan";
import { hideWrite } from "~/domain/shopify/shop-install";
import { localParts } from "~/domain/shopify/local-plan";
import { loadHideSource } from "~/models/shopify/hide-source.server";
import { hidePlanMark, markShopHidePlanStale, recordHidePlanWritten } from "~/models/shopify/hide-plan-state.server";
import { loadSiteConfig } from "~/models/sites/site-config.server";
import { currentSnippet } from "~/infra/snippet-file.server";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { readAppData, setAppData } from "~/infra/app-data.server";
import { syncOfferDiscount } from "./offer-discount.server";

export type HideSync = "written" | "unchanged" | "skipped" | "failed";

/**
 * The hide plan of a shop's storefront from the database, with its local plan (from the same site config
 * /api/patches answers from) and the app embed build's and price bundle's versions; hides nothing when the shop has no storefront site.
 */
export async function hidePlanOfShop(shopDomain: string): Promise<HidePlan> {
  const source = await loadHideSource(shopDomain);
  if (!source) return EMPTY_HIDE_PLAN;
  const [config, build, price] = await Promise.all([source.publicId ? loadSiteConfig(source.publicId) : null, currentSnippet("embed"), currentSnippet("price")]);
  return buildHidePlan(source, config && localParts(config), build?.version, price?.version);
}

/**
 * Writes the shop's hide plan on its installation when it differs from what Shopify holds, and then records
 * the shop's stale mark as it was before the plan was read (a change made meanwhile keeps the plan behind; a
 * newer rewrite that finished first, whose plan this one may have replaced, raises it again).
 * `graphql` is the request's or the offline session's Admin API client; null (the local demo, which has no
 * Shopify; a shop without a usable session) skips it and leaves the mark. Never throws: a failure is
 * logged, leaves the mark raised for the schedule job's next pass, and is answered "failed".
 */
export async function syncHideMetafield(shopDomain: string, graphql: AdminGraphql | null): Promise<HideSync> {
  if (!graphql) return "skipped";
  try {
    const mark = await hidePlanMark(shopDomain);
    const [plan, installation] = await Promise.all([hidePlanOfShop(shopDomain), readAppData(graphql)]);
    const write = hideWrite(installation.appData, plan);
    if (write) await setAppData(graphql, installation.installationId, [write]);
    // The offers discount follows the same tests: behind with the plan, retried with it.
    const offers = await syncOfferDiscount(shopDomain, graphql);
    if (!(await recordHidePlanWritten(shopDomain, mark))) await markShopHidePlanStale(shopDomain);
    return write || offers !== "none" ? "written" : "unchanged";
  } catch (error) {
    console.error(`[svc] the hide plan of ${shopDomain} was not written (tried again at each schedule pass until it is): ${(error as Error).message}`);
    await markShopHidePlanStale(shopDomain).catch(() => undefined);
    return "failed";
  }
}
