// Site API keys in the admin: create one (its plaintext answered once, only its hash kept) and revoke one,
// always through a site of the authenticated shop.
import { randomBytes } from "node:crypto";
import { parseApiKeyName } from "~/domain/sites/api-key-name";
import { newSiteApiKey } from "~/domain/sites/site-api-key";
import { createSiteApiKey, revokeSiteApiKey } from "~/models/sites/api-key.server";
import { findShopByDomain } from "~/models/shops/shop.server";
import { findSiteOfShop } from "~/models/sites/site.server";
import { fail, invalidForm, ok, type Outcome } from "~/services/outcome";
import { SITE_NOT_FOUND } from "./site-admin.server";

export interface CreatedSiteApiKey {
  id: string;
  name: string;
  prefix: string;
  /** The key itself: in this answer only, never stored nor shown again. */
  key: string;
}

async function siteOfShop(shopDomain: string, publicId: string) {
  const shop = await findShopByDomain(shopDomain);
  return shop ? findSiteOfShop(shop.id, publicId) : null;
}

export async function createApiKey(shopDomain: string, publicId: string, name: string | null): Promise<Outcome<CreatedSiteApiKey>> {
  const site = await siteOfShop(shopDomain, publicId);
  if (!site) return fail(SITE_NOT_FOUND);
  const parsed = parseApiKeyName(name);
  if (!parsed.ok) return fail(invalidForm("invalid-api-key-name", { name: parsed.error }));
  const { key, prefix, hash } = newSiteApiKey((n) => randomBytes(n));
  const stored = await createSiteApiKey(site.id, parsed.value, prefix, hash);
  return ok({ id: stored.id, name: stored.name, prefix, key });
}

export async function revokeApiKey(shopDomain: string, publicId: string, keyId: string): Promise<Outcome<{ id: string }>> {
  const site = await siteOfShop(shopDomain, publicId);
  if (!site) return fail(SITE_NOT_FOUND);
  if (!(await revokeSiteApiKey(site.id, keyId))) {
    return fail({ status: 404, type: "api-key-not-found", title: "This site has no such active API key" });
  }
  return ok({ id: keyId });
}
