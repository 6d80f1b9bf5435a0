// Who a site API key speaks for: the Bearer key looked up by its hash, throttled per key (and failures per
// client address and network), and its site and shop; shared by the doors that take a key
// (POST /api/conversions, GET /api/v1/results).
import { hashSiteApiKey, parseBearer, SITE_API_KEY_PATTERN } from "~/domain/sites/site-api-key";
import { findActiveKeyByHash, touchSiteApiKey } from "~/models/sites/api-key.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { noteAuthFailure, refuseSpentAuthFailures, throttleApiKey } from "~/services/limits.server";

export interface KeyHolder {
  keyId: string;
  /** The site the key was issued for (its Site ID, as the snippet tag names it). */
  sitePublicId: string;
  shopDomain: string;
}

/** Both 401s name the scheme to use (RFC 6750). */
const BEARER_CHALLENGE = { "WWW-Authenticate": 'Bearer realm="svc"' };
const INVALID_API_KEY = { status: 401, type: "invalid-api-key", title: "Unknown or revoked API key", headers: BEARER_CHALLENGE };

/**
 * The key's holder, or 401 (no key, or an unknown or revoked one) or 429 (the key's rate limit, or the
 * client's `address` or its network past its failed authentications: then no key is looked up at all).
 */
export async function authenticateApiKey(authorization: string | null, address?: string): Promise<Outcome<KeyHolder>> {
  const spent = await refuseSpentAuthFailures(address);
  if (!spent.ok) return spent;
  const key = parseBearer(authorization);
  if (!key) {
    return fail({ status: 401, type: "missing-api-key", title: "Send the site API key as Authorization: Bearer <key>", headers: BEARER_CHALLENGE });
  }
  // A token that is not of a key's form cannot be one: refused without a lookup, and as it is no guess at a
  // key, it is not counted against the client. Any other is looked up by its SHA-256 through a unique index
  // (no comparison ever runs on the key itself), and counted against the client when it is unknown or revoked.
  const stored = SITE_API_KEY_PATTERN.test(key) ? await findActiveKeyByHash(hashSiteApiKey(key)) : undefined;
  if (!stored) {
    if (stored === null) await noteAuthFailure(address);
    return fail(INVALID_API_KEY);
  }
  const throttled = await throttleApiKey(stored.id);
  if (!throttled.ok) return throttled;
  touchSiteApiKey(stored.id).catch(() => {});
  return ok({ keyId: stored.id, sitePublicId: stored.site.publicId, shopDomain: stored.site.shop.domain });
}
