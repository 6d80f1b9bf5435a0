import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesAnyPath, matchesPath } from "./targeting";

// The snippet's regex formulation (snippet/src/pages.ts) as the oracle, with `[^]*` for its `.*`:
// the two differ only on raw line breaks, which a pathname never holds.
function regexOracle(pattern: string, path: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  const body = trim(pattern)
    .split("*")
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^]*");
  return new RegExp(`^${body}$`).test(trim(path));
}

describe("matchesPath", () => {
  it.each([
    ["*", "/anything/at/all", true],
    ["*", "/", true],
    ["/", "/", true],
    ["/", "/products", false],
    ["/products/*", "/products/red-shoe", true],
    ["/products/*", "/products/a/b", true],
    ["/products/*", "/products", false],
    ["/products/*", "/collections/x", false],
    ["/pages/about", "/pages/about/", true],
    ["/pages/about/", "/pages/about", true],
    ["/pages/about", "/pages/about//", true],
    ["/pages/about", "/pages/about/x", false],
    ["/Pages/About", "/pages/about", false],
    ["*/cart", "/fr/cart", true],
    ["*/cart", "/cart", true],
    ["*/cart", "/cart/x", false],
    ["/a/*/c", "/a/b/c", true],
    ["/a/*/c", "/a//c", true],
    ["/a/*/c", "/a/c", false],
    ["/a*a", "/a", false],
    ["/a*a", "/aa", true],
    ["/x*y*z", "/xzy", false],
    ["/x*y*z", "/x-y-y-z", true],
    ["/a.b", "/axb", false],
    ["/a.b", "/a.b", true],
    ["/x(y)", "/x(y)", true],
    ["/x+", "/xx", false],
    ["/[ab]", "/a", false],
    ["/a|/b", "/b", false],
    ["^/a$", "/a", false],
    ["/a\\d", "/a1", false],
    ["", "/", false],
    ["/**", "/", true],
  ])("%j ~ %j → %s", (pattern, path, expected) => {
    expect(matchesPath(pattern, path)).toBe(expected);
  });

  it("agrees with the snippet's regex formulation", () => {
    const text = fc.string({ unit: fc.constantFrom("/", "*", "a", "b", ".", "(", "\\", "$", "?", "\n"), maxLength: 12 });
    fc.assert(
      fc.property(text, text, (pattern, path) => matchesPath(pattern, path) === regexOracle(pattern, path)),
      { numRuns: 5000 },
    );
  });

  it("stays fast on adversarial inputs that make backtracking matchers explode", () => {
    const pattern = "/" + "a*".repeat(500) + "b";
    const path = "/" + "a".repeat(100_000);
    const started = performance.now();
    expect(matchesPath(pattern, path)).toBe(false);
    expect(matchesPath("*" + "a".repeat(1000) + "*b", path)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("matchesAnyPath", () => {
  it("matches when any pattern does, and never for an empty list", () => {
    expect(matchesAnyPath(["/a", "/b/*"], "/b/c")).toBe(true);
    expect(matchesAnyPath(["/a", "/b/*"], "/c")).toBe(false);
    expect(matchesAnyPath([], "/")).toBe(false);
  });
});
