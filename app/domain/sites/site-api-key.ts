// Site API keys for the server-side conversion endpoint: how they are made, stored and read from a request.
import { createHash } from "node:crypto";

export const SITE_API_KEY_PREFIX = "svc_sk_";
/** "svc_sk_" + 32 lower-case base32 characters (160 random bits). */
export const SITE_API_KEY_PATTERN = /^svc_sk_[a-z2-7]{32}$/;
/** Enough of the key to recognise it in the dashboard and in logs without revealing it. */
export const SITE_API_KEY_PREFIX_LENGTH = 12;

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const RANDOM_BYTES = 20; // 160 bits = exactly 32 base32 characters

/**
 * A new key. Only `hash` is stored; `key` is shown to the merchant once. A fast hash suffices:
 * the key is random with 160 bits, so there is nothing to brute-force from a leaked hash.
 */
export function newSiteApiKey(randomBytes: (n: number) => Uint8Array): { key: string; prefix: string; hash: string } {
  const bytes = randomBytes(RANDOM_BYTES);
  if (bytes.length < RANDOM_BYTES) throw new RangeError(`randomBytes returned fewer than ${RANDOM_BYTES} bytes`);
  const key = SITE_API_KEY_PREFIX + base32(bytes.subarray(0, RANDOM_BYTES));
  return { key, prefix: key.slice(0, SITE_API_KEY_PREFIX_LENGTH), hash: hashSiteApiKey(key) };
}

/** RFC 4648 base32 (lower case, no padding) of a length that is a multiple of 5 bytes. */
function base32(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >>> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/**
 * SHA-256 of the key's UTF-8 bytes, lower-case hex: the form kept in the database. A presented key is
 * checked by looking this hash up through a unique index, so what the lookup's timing could reveal is
 * about the hash, never about the key.
 */
export function hashSiteApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Longer than any key we issue by far; stops a huge header from being hashed. */
const MAX_TOKEN_LENGTH = 512;
// RFC 6750 b64token: the characters a bearer token may contain.
const BEARER = /^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)$/i;

/** The token of an `Authorization: Bearer <token>` header, or null for any other shape. */
export function parseBearer(header: string | null): string | null {
  if (header === null) return null;
  const match = BEARER.exec(header.trim());
  const token = match?.[1];
  return token !== undefined && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** A key as the admin lists it: never the key itself, only its prefix and dates (ISO 8601). */
export interface SiteApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
