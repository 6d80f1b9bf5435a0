// The Site ID format: one check for the snippet's tag and every endpoint that takes a Site ID.

/**
 * Lower-case letters, digits and dashes, 3–64 characters, not starting with a dash: the ids the app
 * mints (16 base32 characters) and the demo's "demo" fit, and so does any id a merchant can copy.
 * Case is not folded: a tag with `Shop_A` names no site, and every door says so the same way.
 */
export const SITE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{2,63}$/;

export function isSiteId(value: unknown): value is string {
  return typeof value === "string" && SITE_ID_PATTERN.test(value);
}
