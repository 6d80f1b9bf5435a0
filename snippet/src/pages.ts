// Path patterns ("/products/*") that tell tests and visit goals which pages they apply to.

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);

export function pathMatches(patterns: readonly string[], path: string): boolean {
  const p = trimSlash(path);
  return patterns.some((pattern) =>
    new RegExp(
      "^" +
        trimSlash(pattern)
          .split("*")
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
          .join(".*") +
        "$",
    ).test(p),
  );
}
