// Keeps the svc.hide app-data metafield (the app embed's hide plan) in step with a shop's running tests:
// called by every admin service that may change them (creating or saving a test, its lifecycle changes,
// resuming a site), wherever that service is called from. A failure never fails that action: a stale plan
// only costs hiding time (the snippet reveals as soon as it knows its arm, or that there is none), and the
// next action, or the next new session's install run, writes it again.
import { buildHidePlan, EMPTY_HIDE_PLAN, type HidePlan } from "~/domain/shopify/hide-plan";
import { hideWrite } from "~/domain/shopify/shop-install";
import { localParts } from "~/domain/shopify/local-plan";
import { loadHideSource } from "~/models/hide-source.server";
import { loadSiteConfig } from "~/models/site-config.server";
import { currentSnippet } from "~/infra/snippet-file.server";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { readAppData, setAppData } from "~/infra/app-data.server";

export type HideSync = "written" | "unchanged" | "skipped" | "failed";

/**
 * The hide plan of a shop's storefront from the database, with its local plan (from the same site config
 * /api/patches answers from) and the app embed build's version; hides nothing when the shop has no storefront site.
 */
export async function hidePlanOfShop(shopDomain: string): Promise<HidePlan> {
  const source = await loadHideSource(shopDomain);
  if (!source) return EMPTY_HIDE_PLAN;
  const [config, build] = await Promise.all([source.publicId ? loadSiteConfig(source.publicId) : null, currentSnippet("embed")]);
  return buildHidePlan(source, config && localParts(config), build?.version);
}

/**
 * Writes the shop's hide plan on its installation when it differs from what Shopify holds. `graphql` is the
 * request's Admin API client; null (the local demo, which has no Shopify) skips it. Never throws: a failure
 * is logged and answered "failed".
 */
export async function syncHideMetafield(shopDomain: string, graphql: AdminGraphql | null): Promise<HideSync> {
  if (!graphql) return "skipped";
  try {
    const [plan, installation] = await Promise.all([hidePlanOfShop(shopDomain), readAppData(graphql)]);
    const write = hideWrite(installation.appData, plan);
    if (!write) return "unchanged";
    await setAppData(graphql, installation.installationId, [write]);
    return "written";
  } catch (error) {
    console.error(`[svc] the hide plan of ${shopDomain} was not written (the storefront hides by the previous one until the next change): ${(error as Error).message}`);
    return "failed";
  }
}
