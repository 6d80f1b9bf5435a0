// Path patterns of tests and visit goals (`pages` in app/wire/patches.ts), matched as the snippet does.

// Same normalisation as the snippet: trailing slashes are ignored, but "/" stays "/".
const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);

/**
 * Whether `pathname` matches `pattern`: `*` matches any run of characters (including "/" and none),
 * every other character matches itself, case-sensitively; a trailing "/" on either side is ignored.
 * No regular expression is built, so pattern text cannot inject one, and the cost is at most
 * O(|pattern| × |pathname|) with no backtracking blow-up.
 */
export function matchesPath(pattern: string, pathname: string): boolean {
  const path = trimSlash(pathname);
  const parts = trimSlash(pattern).split("*");
  const first = parts[0]!;
  if (parts.length === 1) return path === first;
  const last = parts[parts.length - 1]!;
  if (first.length + last.length > path.length || !path.startsWith(first) || !path.endsWith(last)) return false;
  // Between the fixed ends, taking each literal at its leftmost place is optimal: it leaves the most room.
  let from = first.length;
  const end = path.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i]!;
    const at = path.indexOf(part, from);
    if (at < 0 || at + part.length > end) return false;
    from = at + part.length;
  }
  return true;
}

export function matchesAnyPath(patterns: readonly string[], pathname: string): boolean {
  return patterns.some((pattern) => matchesPath(pattern, pathname));
}
