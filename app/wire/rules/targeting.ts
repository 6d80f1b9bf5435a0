// Page targeting: the path and template patterns (`pages` in patches.ts) of tests and visit goals. The one
// implementation: the snippet bundles it, the server and the admin use it; both test suites run
// targeting.cases.json (app/wire/rules/targeting.test.ts, snippet/test/pages.test.ts).

/**
 * Marks a pattern that targets a Shopify template type rather than a path: `template:product`.
 * matchesAnyPath spells the literal out: esbuild does not inline the constant, and the snippet's budget is tight.
 */
export const TEMPLATE_PREFIX = "template:";

/** Drops trailing slashes but keeps a lone "/". A loop, not /\/+$/, which is quadratic on "///…x". */
function trimSlashes(p: string): string {
  let n = p.length;
  while (n > 1 && p[n - 1] === "/") n--;
  return p.slice(0, n);
}

/**
 * Whether `pathname` matches `pattern`: `*` matches any run of characters (including "/" and none),
 * every other character matches itself, case-sensitively (".", "?", "(", "[", "\" are not special);
 * trailing slashes on either side are ignored, "/" alone stays "/". No regular expression is built,
 * so pattern text cannot inject one, and the cost is at most O(|pattern| × |pathname|): the first
 * literal must start the path and the last must end it, and each literal between is taken at its
 * leftmost place after the one before, which leaves the most room for the rest, so nothing backtracks.
 */
export function matchesPath(pattern: string, pathname: string): boolean {
  const path = trimSlashes(pathname);
  const parts = trimSlashes(pattern).split("*");
  const last = parts.length - 1;
  let from = 0;
  return parts.every((part, i) => {
    const at = i < last ? path.indexOf(part, from) : path.length - part.length;
    const ok = (i ? at >= from : at === 0) && path.startsWith(part, at);
    from = at + part.length;
    return ok;
  });
}

/**
 * Whether any of `patterns` matches the page (never for an empty list). A pattern `template:<name>`
 * matches when the page's Shopify template (`template.name`, printed by the app embed as
 * `data-svc-template`) is exactly `<name>`, and never where no template is known (none, or "");
 * every other pattern is a path pattern for `matchesPath`. A template pattern never matches as a path:
 * a pathname starts with "/", and a pattern not starting with "/" or "*" matches no such path.
 */
export function matchesAnyPath(patterns: readonly string[], pathname: string, template?: string | null): boolean {
  return patterns.some((p) => (!!template && p === "template:" + template) || matchesPath(p, pathname));
}
