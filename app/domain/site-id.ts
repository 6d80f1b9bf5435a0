// The public Site ID printed in the snippet tag: how it is made and what a valid one looks like.

/** Lower-case letters, digits and dashes; short enough for a URL, long enough to be unguessable. */
export const SITE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{2,63}$/;

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** A new random Site ID: 16 base32 characters (80 bits) from the given random bytes source. */
export function newSiteId(randomBytes: (n: number) => Uint8Array): string {
  return Array.from(randomBytes(16), (b) => ALPHABET[b % 32]).join("");
}

export function isSiteId(value: unknown): value is string {
  return typeof value === "string" && SITE_ID_PATTERN.test(value);
}
