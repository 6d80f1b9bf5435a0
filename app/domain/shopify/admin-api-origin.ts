// Where a request for Shopify's Admin API goes when a local stand-in answers for Shopify (tests, local runs).

// The library addresses every shop's Admin API (token exchange, GraphQL, REST) at https://{shop}/admin/….
const ADMIN_URL = /^https:\/\/([^/?#]+)(\/admin(?:[/?#].*)?)$/s;

/**
 * `https://{shop}/admin/…` → `{origin}/{shop}/admin/…`, so one stand-in server can answer for many shops;
 * any other URL is returned unchanged (only the Admin API is stood in for).
 */
export function adminApiUrlAt(origin: string, url: string): string {
  const match = ADMIN_URL.exec(url);
  if (!match) return url;
  return `${origin}/${match[1]}${match[2]}`;
}
