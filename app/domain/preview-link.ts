// Where a preview link lands: a concrete page of the test, on the storefront's origin, carrying the token.

/** The query parameter the snippet reads a preview token from (`off` or empty ends the preview). */
export const PREVIEW_PARAM = "svc_preview";

/**
 * A page for the link to land on: the test's first pattern without `*` (a page it surely runs on), else
 * the literal part of its first pattern before the `*`, or "/". "/products/*" alone lands on "/products/",
 * which the pattern does not match itself: the merchant goes on to a product, still in preview.
 */
export function previewPath(pages: readonly string[]): string {
  const literal = pages.find((p) => p.startsWith("/") && !p.includes("*")) ?? (pages[0] ?? "/").split("*")[0] ?? "";
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
