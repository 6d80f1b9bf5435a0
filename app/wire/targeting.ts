// Page targeting: the path patterns (`pages` in patches.ts) of tests and visit goals. The one
// implementation: the snippet bundles it, the server and the admin use it; both test suites run
// targeting.cases.json (app/wire/targeting.test.ts, snippet/test/pages.test.ts).

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

/** Whether any of `patterns` matches `pathname` (never for an empty list). */
export function matchesAnyPath(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => matchesPath(pattern, pathname));
}
