// Preview tokens: a signed, expiring permission to see one arm of one test in one browser, recording nothing.
import { MAX_SIGNED_TOKEN_LENGTH, purposeKey, signClaims, verifyClaims, type ArmClaims } from "./signed-claims";

/** How long a preview link works unless told otherwise: a working day, and then some. */
export const PREVIEW_LIFETIME_SECONDS = 24 * 60 * 60;

/** Longest token the server reads (a real one is about 150 characters); anything longer is not ours. */
export const MAX_PREVIEW_TOKEN_LENGTH = MAX_SIGNED_TOKEN_LENGTH;

export type PreviewClaims = ArmClaims;

export type PreviewCheck =
  | { ok: true; claims: PreviewClaims }
  | { ok: false; reason: "malformed" | "bad-signature" | "expired" | "other-site" };

// Tokens are signed with a key derived for this purpose alone, never with the app secret itself.
const KEY_LABEL = "svc preview links v1";

/** The signing key for preview links derived from a longer-lived secret (the app's, or SVC_PREVIEW_SECRET). */
export function previewKeyFrom(secret: string): Buffer {
  return purposeKey(secret, KEY_LABEL);
}

/** `base64url(JSON claims) + "." + base64url(HMAC-SHA256)`: URL-safe, so it travels as a query value as it is. */
export function signPreviewToken(key: Uint8Array, claims: PreviewClaims): string {
  return signClaims(key, claims);
}

/** The token's claims when it is ours, unexpired and for `site`; otherwise why not. */
export function verifyPreviewToken(key: Uint8Array, token: string, site: string, nowSeconds: number): PreviewCheck {
  const check = verifyClaims(key, token, nowSeconds);
  if (!check.ok) return { ok: false, reason: check.reason };
  if (check.claims.site !== site) return { ok: false, reason: "other-site" };
  return check;
}
