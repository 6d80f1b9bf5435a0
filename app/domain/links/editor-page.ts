// Where the visual editor opens and who may talk to it: the storefront origins of a site, the page the
// admin proposes, the merchant's own choice of page checked against those origins, and the link itself.
import { EDITOR_FRAGMENT } from "~/wire/editor";
import { previewPath, storefrontOrigin } from "./preview-link";

export interface StorefrontSite {
  kind: "shopify" | "web";
  /** What the merchant typed as the site's domain, if anything. */
  domain: string | null;
  /** The shop's myshopify.com domain. */
  shopDomain: string;
}

/**
 * The origins the site's pages are served from: a web site's domain; a Shopify site's myshopify.com
 * origin and its own domain when it has one. `demoOrigin` (the app's own origin, for the local demo's
 * sites, whose storefronts are this server's pages) replaces them all, under either loopback name.
 */
export function storefrontOrigins(site: StorefrontSite, demoOrigin: string | null = null): string[] {
  if (demoOrigin) return withLoopbackTwin(demoOrigin);
  const origins = site.kind === "shopify" ? [`https://${site.shopDomain}`] : [];
  const own = site.domain ? storefrontOrigin(site.domain) : null;
  if (own && !origins.includes(own)) origins.push(own);
  return origins;
}

/** The demo is opened as localhost or 127.0.0.1 alike: either name of this machine is the same storefront. */
function withLoopbackTwin(origin: string): string[] {
  const url = new URL(origin);
  const twin = url.hostname === "localhost" ? "127.0.0.1" : url.hostname === "127.0.0.1" ? "localhost" : null;
  if (!twin) return [url.origin];
  const other = new URL(url.origin);
  other.hostname = twin;
  return [url.origin, other.origin];
}

/**
 * The page the editor opens on: the test's first plain path (app/domain/links/preview-link.ts chooses it the
 * same way for preview links). On the demo, a path outside its storefront page lands on that page.
 */
export function editorPagePath(pages: readonly string[], demoPage: string | null = null): string {
  const path = previewPath(pages);
  if (demoPage && path !== demoPage && !path.startsWith(`${demoPage}/`)) return demoPage;
  return path;
}

export type PageUrlCheck = { ok: true; url: string } | { ok: false; error: string };

/** The page the merchant chose, when it is an http(s) URL on one of `origins`; its own fragment is dropped. */
export function checkEditorPageUrl(text: string, origins: readonly string[]): PageUrlCheck {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, error: "Enter the page's full address, starting with https://" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, error: "Enter an http:// or https:// address" };
  if (!origins.includes(url.origin)) {
    return { ok: false, error: origins.length > 0 ? `Open a page of this site: ${origins.join(" or ")}` : "This site has no domain to open pages on" };
  }
  url.hash = "";
  return { ok: true, url: url.href };
}

/** `<page>#svc-editor=<token>`: a fragment reaches no server log, and only the snippet reads it. */
export function editorUrl(pageUrl: string, token: string): string {
  const url = new URL(pageUrl);
  url.hash = `${EDITOR_FRAGMENT}=${token}`;
  return url.href;
}
