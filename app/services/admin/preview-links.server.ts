// The preview links of a test, one per arm, for the shop that owns it: signed, expiring, landing on a page it runs on.
import { previewPath, previewUrl, storefrontOrigin } from "~/domain/links/preview-link";
import { PREVIEW_LIFETIME_SECONDS, signPreviewToken } from "~/domain/links/preview-token";
import { previewKey } from "~/env.server";
import { findTestOfShop, type ResultsTestRow } from "~/models/results/results.server";
import { isDemoSite } from "~/demo/public.server";
import { fail, ok, type Outcome } from "~/services/outcome";

export interface PreviewLink {
  armId: string;
  key: string;
  name: string;
  url: string;
  /** ISO 8601. */
  expiresAt: string;
}

export interface PreviewLinks {
  links: PreviewLink[];
  /** The links stop working when the server restarts (no preview secret configured: the demo). */
  endAtRestart: boolean;
}

export interface PreviewContext {
  /** The admin runs as the local demo (its storefronts are this server's own pages). */
  demo: boolean;
  /** Origin of the admin request: where the demo storefronts are served. */
  requestOrigin: string;
  /** Seconds since the epoch (tests pass their own). */
  now?: number;
}

export async function previewLinks(shopDomain: string, testId: string, context: PreviewContext): Promise<Outcome<PreviewLinks>> {
  // The results page's read of the test: one statement shape for both, which PostgreSQL's tests also send.
  const test = await findTestOfShop(shopDomain, testId);
  return test ? previewLinksOf(test, context) : fail({ status: 404, type: "not-found", title: "No such test" });
}

/** previewLinks for a test already read (the results page reads it once for all its parts). */
export function previewLinksOf(test: TestForPreview, context: PreviewContext): Outcome<PreviewLinks> {
  if (test.status === "archived") return fail({ status: 409, type: "test-archived", title: "An archived test cannot be previewed" });
  const origin = originOf(test.site, context);
  if (!origin) {
    return fail({
      status: 409,
      type: "site-domain-missing",
      title: "The site needs its domain before a preview link can be made",
      detail: "Set the site's domain (https://www.example.com) on the Sites page: preview links open there.",
    });
  }
  const { key, perProcess } = previewKey();
  const exp = Math.floor(context.now ?? Date.now() / 1000) + PREVIEW_LIFETIME_SECONDS;
  const path = previewPath(test.pages);
  const links = test.arms.map((arm) => ({
    armId: arm.id,
    key: arm.key,
    name: arm.name,
    url: previewUrl(origin, path, signPreviewToken(key, { site: test.site.publicId, test: test.id, arm: arm.id, exp })),
    expiresAt: new Date(exp * 1000).toISOString(),
  }));
  return ok({ links, endAtRestart: perProcess });
}

type TestForPreview = Pick<ResultsTestRow, "id" | "status" | "pages" | "arms" | "site">;
type SiteOfTest = TestForPreview["site"];

/** The storefront's origin: the demo's own pages, the shop's domain, or the web site's own domain. */
function originOf(site: SiteOfTest, { demo, requestOrigin }: PreviewContext): string | null {
  if (demo && isDemoSite(site)) return requestOrigin;
  if (site.kind === "shopify") return `https://${site.shop.domain}`;
  return site.domain ? storefrontOrigin(site.domain) : null;
}
