// New Site IDs: how the app mints the public id printed in the snippet tag (its format is app/wire/rules/site-id.ts).

const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

/** A new random Site ID: 16 base32 characters (80 bits) from the given random bytes source. */
export function newSiteId(randomBytes: (n: number) => Uint8Array): string {
  return Array.from(randomBytes(16), (b) => ALPHABET[b % 32]).join("");
}
