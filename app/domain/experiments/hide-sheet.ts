// The hiding sheet of other sites (GET /api/hide.css?site=&p=): for a first pageview, which has no cached
// config to hide from, the opt-in head helper links this style sheet, render-blocking, so the first paint
// already hides what the site's running tests change on that page. The same hiding text as everywhere
// (hideCss of app/wire/hide.ts); docs/anti-flicker-other-sites.md, "First-visit hiding".
import { HIDE_PATH_MAX_CHARS, hideCss } from "~/wire/hide";
import { isSiteId } from "~/wire/rules/site-id";
import { matchesAnyPath } from "~/wire/rules/targeting";
import { changedSelectors } from "./changed-selectors";
import type { SiteConfig } from "../sites/site-config";

/**
 * The most selector text one sheet holds (the sum of its selectors' lengths). The sheet blocks a new
 * visitor's first paint, so it stays small; a test whose selectors would pass it is left out whole, as the
 * Shopify hide plan leaves out a test past its caps: its visitors may see the original for a moment.
 */
export const MAX_SHEET_SELECTOR_CHARS = 16_000;

export interface HideSheetQuery {
  site: string;
  /** The page's pathname, trailing slashes dropped ("/" kept), as the snippet compares paths. */
  path: string;
}

export interface HideSheetQueryError {
  status: 400;
  type: "invalid-site" | "invalid-path";
  title: string;
}

/** A pathname as `location.pathname` gives it: "/" then printable ASCII (anything else arrives %-escaped), no "?" or "#". */
const PATHNAME = /^\/[\x21-\x22\x24-\x3e\x40-\x7e]*$/;

/** The query's `site` and `p` (as decoded from the URL; null when absent), or the problem that refuses them. */
export function parseHideSheetQuery(site: string | null, p: string | null): { ok: true; value: HideSheetQuery } | { ok: false; error: HideSheetQueryError } {
  if (!isSiteId(site)) return { ok: false, error: { status: 400, type: "invalid-site", title: "site must be a Site ID" } };
  if (p === null || p.length > HIDE_PATH_MAX_CHARS || !PATHNAME.test(p)) {
    return { ok: false, error: { status: 400, type: "invalid-path", title: `p must be the page's pathname: "/" then at most ${HIDE_PATH_MAX_CHARS - 1} printable ASCII characters, no "?" or "#"` } };
  }
  return { ok: true, value: { site, path: trimSlashes(p) } };
}

/** Drops trailing slashes but keeps a lone "/", as targeting.ts does. */
function trimSlashes(p: string): string {
  let n = p.length;
  while (n > 1 && p[n - 1] === "/") n--;
  return p.slice(0, n);
}

/**
 * The selectors to hide on `path` for any first-time visitor: every element selector of the site's running
 * tests (and served winners) whose pages match the path, each once, in the tests' order. No template is known
 * off Shopify, so `template:` patterns never match. Redirect arms, css patches and arms the server would not
 * serve hide nothing (changedSelectors, the hide plan's own rule). Audiences, traffic shares, groups and the
 * holdout are not asked: the visitor's arm is not known yet, and the snippet reveals what it does not change.
 */
export function hideSheetSelectors(site: Pick<SiteConfig, "status" | "tests" | "served">, path: string): string[] {
  if (site.status !== "active") return [];
  const tests = [...site.tests, ...(site.served ?? []).map((winner) => ({ pages: winner.pages, arms: [winner.arm] }))];
  const seen = new Set<string>();
  let chars = 0;
  for (const test of tests) {
    if (!matchesAnyPath(test.pages, path)) continue;
    const fresh = (changedSelectors(test.arms) ?? []).filter((sel) => !seen.has(sel));
    const size = fresh.reduce((sum, sel) => sum + sel.length, 0);
    if (chars + size > MAX_SHEET_SELECTOR_CHARS) continue;
    chars += size;
    for (const sel of fresh) seen.add(sel);
  }
  return [...seen];
}

/** The sheet's text: hideCss of those selectors, "" when nothing on the page is changed. */
export function hideSheet(site: Pick<SiteConfig, "status" | "tests" | "served">, path: string): string {
  return hideCss(hideSheetSelectors(site, path));
}
