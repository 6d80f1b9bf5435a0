// Where a preview link lands: a concrete page of the test, on the storefront's origin, carrying the token.
import { TEMPLATE_PREFIX } from "~/wire";

/** The query parameter the snippet reads a preview token from (`off` or empty ends the preview). */
export const PREVIEW_PARAM = "svc_preview";

/** Where a test targeted only by Shopify templates lands: a page of that type, or one that leads to it. */
const TEMPLATE_LANDING: Readonly<Record<string, string>> = {
  index: "/",
  product: "/collections/all",
  collection: "/collections",
  cart: "/cart",
  search: "/search",
};

/**
 * A page for the link to land on: the test's first path pattern without `*` (a page it surely runs on),
 * else the literal part of its first path pattern before the `*`, or "/". "/products/*" alone lands on
 * "/products/", which the pattern does not match itself: the merchant goes on to a product, still in
 * preview. `template:<name>` patterns are no paths: skipped, and with only those the first template's
 * landing page (a product template lands on /collections/all, to pick a product from).
 */
export function previewPath(pages: readonly string[]): string {
  const paths = pages.filter((p) => !p.startsWith(TEMPLATE_PREFIX));
  if (paths.length === 0 && pages[0] !== undefined) return TEMPLATE_LANDING[pages[0].slice(TEMPLATE_PREFIX.length)] ?? "/";
  const literal = paths.find((p) => p.startsWith("/") && !p.includes("*")) ?? (paths[0] ?? "/").split("*")[0] ?? "";
  return literal.startsWith("/") ? literal : "/";
}

/** origin + path + `?svc_preview=<token>`; the token is URL-safe base64 already. */
export function previewUrl(origin: string, path: string, token: string): string {
  const url = new URL(path, origin);
  url.searchParams.set(PREVIEW_PARAM, token);
  return url.href;
}

/** An origin to open previews on, from what a merchant typed as the site's domain; null when it is none. */
export function storefrontOrigin(domain: string): string | null {
  const withScheme = /^https?:\/\//i.test(domain) ? domain : `https://${domain}`;
  try {
    const url = new URL(withScheme);
    return url.hostname.includes(".") || url.hostname === "localhost" ? url.origin : null;
  } catch {
    return null;
  }
}
