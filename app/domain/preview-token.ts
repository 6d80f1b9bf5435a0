// Preview tokens: a signed, expiring permission to see one arm of one test in one browser, recording nothing.
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a preview link works unless told otherwise: a working day, and then some. */
export const PREVIEW_LIFETIME_SECONDS = 24 * 60 * 60;

/** Longest token the server reads (a real one is about 150 characters); anything longer is not ours. */
export const MAX_PREVIEW_TOKEN_LENGTH = 512;

export interface PreviewClaims {
  /** Public Site ID the token works on. */
  site: string;
  test: string;
  arm: string;
  /** Expiry, in whole seconds since the epoch. */
  exp: number;
}

export type PreviewCheck =
  | { ok: true; claims: PreviewClaims }
  | { ok: false; reason: "malformed" | "bad-signature" | "expired" | "other-site" };

// Tokens are signed with a key derived for this purpose alone, never with the app secret itself.
const KEY_LABEL = "svc preview links v1";

/** The signing key for preview links derived from a longer-lived secret (the app's, or SVC_PREVIEW_SECRET). */
export function previewKeyFrom(secret: string): Buffer {
  return createHmac("sha256", secret).update(KEY_LABEL).digest();
}

const mac = (key: Uint8Array, payload: string) => createHmac("sha256", key).update(payload).digest();

/** `base64url(JSON claims) + "." + base64url(HMAC-SHA256)`: URL-safe, so it travels as a query value as it is. */
export function signPreviewToken(key: Uint8Array, claims: PreviewClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${mac(key, payload).toString("base64url")}`;
}

function readClaims(payload: string): PreviewClaims | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { site, test, arm, exp } = value as Record<string, unknown>;
  if (typeof site !== "string" || typeof test !== "string" || typeof arm !== "string") return null;
  if (typeof exp !== "number" || !Number.isInteger(exp)) return null;
  return { site, test, arm, exp };
}

/**
 * The token's claims when it is ours, unexpired and for `site`; otherwise why not. The signature is
 * checked first and in constant time, so nothing is read from a payload nobody signed.
 */
export function verifyPreviewToken(key: Uint8Array, token: string, site: string, nowSeconds: number): PreviewCheck {
  if (token.length > MAX_PREVIEW_TOKEN_LENGTH) return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  const [payload, signature] = parts;
  if (parts.length !== 2 || !payload || !signature || !/^[\w-]+$/.test(payload + signature)) return { ok: false, reason: "malformed" };
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad-signature" };
  const claims = readClaims(payload);
  if (!claims) return { ok: false, reason: "malformed" };
  if (claims.exp <= nowSeconds) return { ok: false, reason: "expired" };
  if (claims.site !== site) return { ok: false, reason: "other-site" };
  return { ok: true, claims };
}
