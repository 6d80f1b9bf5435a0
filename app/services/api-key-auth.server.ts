// Who a site API key speaks for: the Bearer key looked up by its hash, throttled per key, and its site and
// shop; shared by the doors that take a key (POST /api/conversions, GET /api/v1/results).
import { hashSiteApiKey, parseBearer } from "~/domain/sites/site-api-key";
import { findActiveKeyByHash, touchSiteApiKey } from "~/models/api-key.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { throttleApiKey } from "~/services/storefront/limits.server";

export interface KeyHolder {
  keyId: string;
  /** The site the key was issued for (its Site ID, as the snippet tag names it). */
  sitePublicId: string;
  shopDomain: string;
}

/** Both 401s name the scheme to use (RFC 6750). */
const BEARER_CHALLENGE = { "WWW-Authenticate": 'Bearer realm="svc"' };

/** The key's holder, or 401 (no key, or an unknown or revoked one) or 429 (the key's rate limit). */
export async function authenticateApiKey(authorization: string | null): Promise<Outcome<KeyHolder>> {
  const key = parseBearer(authorization);
  if (!key) {
    return fail({ status: 401, type: "missing-api-key", title: "Send the site API key as Authorization: Bearer <key>", headers: BEARER_CHALLENGE });
  }
  // Looked up by its SHA-256 through a unique index: no comparison ever runs on the key itself.
  const stored = await findActiveKeyByHash(hashSiteApiKey(key));
  if (!stored) {
    return fail({ status: 401, type: "invalid-api-key", title: "Unknown or revoked API key", headers: BEARER_CHALLENGE });
  }
  const throttled = await throttleApiKey(stored.id);
  if (!throttled.ok) return throttled;
  touchSiteApiKey(stored.id).catch(() => {});
  return ok({ keyId: stored.id, sitePublicId: stored.site.publicId, shopDomain: stored.site.shop.domain });
}
