// Signed, expiring claims about one arm of one test (preview links, editor tokens): one signing scheme,
// each purpose with its own key, so a token made for one purpose never passes as another's.
import { createHmac, timingSafeEqual } from "node:crypto";

/** Longest token the server reads (a real one is about 150 characters); anything longer is not ours. */
export const MAX_SIGNED_TOKEN_LENGTH = 512;

export interface ArmClaims {
  /** Public Site ID the token works on. */
  site: string;
  test: string;
  arm: string;
  /** Expiry, in whole seconds since the epoch. */
  exp: number;
}

export type ClaimsCheck =
  | { ok: true; claims: ArmClaims }
  | { ok: false; reason: "malformed" | "bad-signature" }
  /** Signed by us but past its time: the claims are known, and still refused. */
  | { ok: false; reason: "expired"; claims: ArmClaims };

/** A key for one purpose (`label`), derived from a longer-lived secret or key, never that secret itself. */
export function purposeKey(secret: string | Uint8Array, label: string): Buffer {
  return createHmac("sha256", secret).update(label).digest();
}

const mac = (key: Uint8Array, payload: string) => createHmac("sha256", key).update(payload).digest();

/** `base64url(JSON claims) + "." + base64url(HMAC-SHA256)`: URL-safe, so it travels as a query value or fragment as it is. */
export function signClaims(key: Uint8Array, claims: ArmClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${mac(key, payload).toString("base64url")}`;
}

function readClaims(payload: string): ArmClaims | null {
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
 * The token's claims when `key` signed them and they have not expired; otherwise why not. The signature
 * is checked first and in constant time, so nothing is read from a payload nobody signed.
 */
export function verifyClaims(key: Uint8Array, token: string, nowSeconds: number): ClaimsCheck {
  if (token.length > MAX_SIGNED_TOKEN_LENGTH) return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  const [payload, signature] = parts;
  if (parts.length !== 2 || !payload || !signature || !/^[\w-]+$/.test(payload + signature)) return { ok: false, reason: "malformed" };
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "bad-signature" };
  const claims = readClaims(payload);
  if (!claims) return { ok: false, reason: "malformed" };
  if (claims.exp <= nowSeconds) return { ok: false, reason: "expired", claims };
  return { ok: true, claims };
}
