// The admin's web-site use cases: add one, edit one, show one with its tag and keys, resume a paused one.
// Every call names the authenticated shop; another shop's site is answered as not found.
import { randomBytes } from "node:crypto";
import { appEnv } from "~/env.server";
import { parseSiteForm, type SiteFieldErrors, type SiteFormInput } from "~/domain/sites/site-form";
import { newSiteId } from "~/domain/sites/site-id";
import { SNIPPET_INSTALL_RULES, snippetTag, type HeadHelperScript } from "~/domain/sites/snippet-tag";
import { siteActivity, type SiteActivity } from "~/domain/sites/activity";
import { listSiteApiKeys } from "~/models/sites/api-key.server";
import { readSiteActivity } from "~/models/sites/site-activity.server";
import { findShopByDomain } from "~/models/shops/shop.server";
import { createWebSite as insertWebSite, findSiteOfShop, resumeSite as resumeSiteOfShop, updateWebSite as saveWebSite } from "~/models/sites/site.server";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { syncHideMetafield } from "~/services/shopify/hide-metafield.server";
import { fail, invalidForm, ok, type Outcome, type Problem } from "~/services/outcome";
import { invalidateSite } from "~/services/site-cache.server";
import { currentFirstVisitHelper, currentHeadHelper } from "~/infra/head-helper-file.server";
import type { SiteApiKeyView } from "~/domain/sites/site-api-key";

export const SITE_NOT_FOUND: Problem = { status: 404, type: "site-not-found", title: "This shop has no such site" };

export interface SiteDetail {
  id: string;
  name: string;
  kind: "shopify" | "web";
  domain: string | null;
  allowedOrigins: string[];
  consentCountries: string[];
  consentManagedByMerchant: boolean;
  /** Goal labels counted from the site's server only (app/domain/events/money-source.ts). */
  serverGoals: string[];
  status: "active" | "paused";
  pausedReason: string | null;
  pausedAt: string | null;
  tag: string;
  installRules: readonly string[];
  keys: SiteApiKeyView[];
  /** The inline anti-flicker helper to paste before the tag (web sites only; null when not built or unsafe). */
  headHelper: HeadHelperScript | null;
  /** The opt-in first-visit helper, with this site's hiding-sheet URL (web sites only; null as headHelper). */
  firstVisitHelper: HeadHelperScript | null;
  /** When the tag, the pixel and each goal last reported ("Is it firing?"). */
  activity: SiteActivity;
}

const MAX_SITE_ID_ATTEMPTS = 5;

/** The site form's errors by field (nothing was written). */
const invalidSite = (errors: SiteFieldErrors): Problem => invalidForm("invalid-site-form", errors);

export async function createWebSite(shopDomain: string, form: SiteFormInput): Promise<Outcome<{ id: string }>> {
  const parsed = parseSiteForm(form);
  if (!parsed.ok) return fail(invalidSite(parsed.errors));
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return fail(SITE_NOT_FOUND);
  // 80 random bits make a clash next to impossible; retrying costs nothing if one happens.
  for (let attempt = 1; ; attempt++) {
    const publicId = newSiteId((n) => randomBytes(n));
    try {
      const site = await insertWebSite(shop.id, publicId, parsed.value, shop.currency);
      invalidateSite(site.publicId);
      return ok({ id: site.publicId });
    } catch (error) {
      if (attempt >= MAX_SITE_ID_ATTEMPTS || (error as { code?: string }).code !== "P2002") throw error;
    }
  }
}

export async function updateWebSite(shopDomain: string, publicId: string, form: SiteFormInput): Promise<Outcome<{ id: string }>> {
  const shop = await findShopByDomain(shopDomain);
  const site = shop && (await findSiteOfShop(shop.id, publicId));
  if (!shop || !site) return fail(SITE_NOT_FOUND);
  if (site.kind !== "web") return fail({ status: 409, type: "not-a-web-site", title: "The Shopify storefront is set up through the app embed, not here" });
  const parsed = parseSiteForm(form);
  if (!parsed.ok) return fail(invalidSite(parsed.errors));
  if (!(await saveWebSite(shop.id, publicId, parsed.value))) return fail(SITE_NOT_FOUND);
  invalidateSite(publicId);
  return ok({ id: publicId });
}

/** Where the admin request is served: the site's tag points at this server. */
export interface SiteDetailContext {
  /** The admin runs as the local demo, reached at whatever local address the developer typed. */
  demo: boolean;
  /** Origin of the admin request. */
  requestOrigin: string;
}

/** The shop's site with its tag (on the app's public URL, or the demo's own address) and its API keys. */
export async function loadSiteDetail(shopDomain: string, publicId: string, { demo, requestOrigin }: SiteDetailContext): Promise<Outcome<SiteDetail>> {
  const baseUrl = demo ? requestOrigin : appEnv().shopify.appUrl;
  const shop = await findShopByDomain(shopDomain);
  const site = shop && (await findSiteOfShop(shop.id, publicId));
  if (!site) return fail(SITE_NOT_FOUND);
  const [keys, activity] = await Promise.all([listSiteApiKeys(site.id), readSiteActivity(site.id)]);
  return ok({
    id: site.publicId,
    name: site.name,
    kind: site.kind,
    domain: site.domain,
    allowedOrigins: site.allowedOrigins,
    consentCountries: site.consentCountries,
    consentManagedByMerchant: site.consentManagedByMerchant,
    serverGoals: site.serverGoals,
    status: site.status,
    pausedReason: site.pausedReason,
    pausedAt: site.pausedAt?.toISOString() ?? null,
    tag: snippetTag(baseUrl, site.publicId, { consentGranted: site.consentManagedByMerchant }),
    installRules: SNIPPET_INSTALL_RULES,
    headHelper: site.kind === "web" ? await currentHeadHelper() : null,
    firstVisitHelper: site.kind === "web" ? await currentFirstVisitHelper(baseUrl, site.publicId) : null,
    activity: siteActivity({ kind: site.kind, ...activity }, new Date()),
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    })),
  });
}

/**
 * Sets a site the service paused active again, with the tests it paused; answers how many tests resumed.
 * `admin` (null in the demo) brings the storefront's hide plan in step with the resumed tests.
 */
export async function resumeSite(shopDomain: string, publicId: string, admin: AdminGraphql | null): Promise<Outcome<{ resumedTests: number }>> {
  const shop = await findShopByDomain(shopDomain);
  const site = shop && (await findSiteOfShop(shop.id, publicId));
  if (!shop || !site) return fail(SITE_NOT_FOUND);
  if (site.status !== "paused") return fail({ status: 409, type: "site-not-paused", title: "This site is not paused" });
  const resumed = await resumeSiteOfShop(shop.id, publicId);
  if (!resumed) return fail({ status: 409, type: "site-not-paused", title: "This site is not paused" });
  invalidateSite(publicId);
  if (site.kind === "shopify") await syncHideMetafield(shopDomain, admin);
  return ok(resumed);
}
