// What the inline head helper hides: the element-patch selectors of the visitor's cached arms for this page.
import { matchesAnyPath } from "../../app/wire/rules/targeting";
import { isSelector } from "../src/config";

// The snippet's own rule: a selector is valid only if the browser parses it.
export { isSelector };

/**
 * A cached config older than this is not trusted to hide anything. Assignment is deterministic, so a
 * cached arm stays right for as long as its test runs (typically weeks); past a month the tests have
 * likely changed, and hiding what no longer changes would only delay the page.
 */
export const MAX_CACHE_AGE_MS = 30 * 24 * 3600 * 1000;

interface CachedArm {
  pages: string[];
  redirect?: string;
  patches?: Array<{ sel?: unknown }>;
}

/**
 * The selectors to hide from the first paint, given the snippet's cache (`svc_cfg`, as stored), the
 * visitor id beside it (`svc_vid`), the page's path and the time; null when there is no usable cache: none,
 * another visitor's or an old one, or anything malformed (never throws). Empty when the cache says nothing
 * changes on this page. Redirect arms are left out (the redirect, not the hiding, decides what the visitor
 * sees), and so are selectors `parses` refuses (it must refuse non-strings). No template is known off
 * Shopify, so `template:` patterns never match.
 */
export function cachedSelectors(cache: string | null, vid: string | null, path: string, now: number, parses: (sel: unknown) => boolean = isSelector): string[] | null {
  const out: string[] = [];
  try {
    const c = JSON.parse(cache!);
    if (!vid || c.vid !== vid || !(now - c.at < MAX_CACHE_AGE_MS)) return null;
    for (const a of c.res.tests as CachedArm[]) {
      if (!a.redirect && matchesAnyPath(a.pages, path)) {
        for (const p of a.patches || []) if (parses(p.sel)) out.push(p.sel as string);
      }
    }
  } catch {
    return null;
  }
  return out;
}

/** cachedSelectors, with no usable cache hiding nothing: what the inline helper hides. */
export function hiddenSelectors(cache: string | null, vid: string | null, path: string, now: number, parses: (sel: unknown) => boolean = isSelector): string[] {
  return cachedSelectors(cache, vid, path, now, parses) ?? [];
}
