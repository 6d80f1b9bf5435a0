import fc from "fast-check";
import { describe, expect, it } from "vitest";
import cases from "./targeting.cases.json";
import { matchesAnyPath, matchesPath } from "./targeting";

type Case = [pattern: string, path: string, matches: boolean];
/** "{a×3}" → "aaa": the long cases stay readable in the JSON. */
const expand = (s: string) => s.replace(/\{(.+?)×(\d+)\}/g, (_, text: string, n: string) => text.repeat(Number(n)));

// A plain regex formulation as an oracle: every literal escaped, `*` as `[^]*`, same trailing-slash rule.
// Backtracking makes it unusable on long inputs (the reason the real matcher builds no RegExp), not wrong.
function regexOracle(pattern: string, path: string): boolean {
  const trim = (p: string) => p.replace(/([^])\/+$/, "$1");
  const body = trim(pattern)
    .split("*")
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join("[^]*");
  return new RegExp(`^${body}$`).test(trim(path));
}

describe("matchesPath (shared cases)", () => {
  it.each(cases.cases as Case[])("%j ~ %j → %s", (pattern, path, expected) => {
    expect(matchesPath(pattern, path)).toBe(expected);
    expect(regexOracle(pattern, path)).toBe(expected);
  });

  it.each(cases.long as Case[])("%j ~ %j → %s, at once", (pattern, path, expected) => {
    const started = performance.now();
    expect(matchesPath(expand(pattern), expand(path))).toBe(expected);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("matchesPath", () => {
  it("agrees with the regex formulation", () => {
    const text = fc.string({ unit: fc.constantFrom("/", "*", "a", "b", ".", "(", "\\", "$", "?", "\n"), maxLength: 12 });
    fc.assert(
      fc.property(text, text, (pattern, path) => matchesPath(pattern, path) === regexOracle(pattern, path)),
      { numRuns: 5000 },
    );
  });

  it("a pattern without `*` matches itself, with or without trailing slashes", () => {
    const literal = fc.string({ unit: fc.constantFrom("/", "a", ".", "?", "["), maxLength: 10 });
    fc.assert(
      fc.property(literal, fc.nat(3), fc.nat(3), (p, i, j) => {
        const path = `/${p}`;
        return matchesPath(path + "/".repeat(i), path + "/".repeat(j)) && matchesPath("*", path);
      }),
    );
  });
});

type TemplateCase = [pattern: string, path: string, template: string | null, matches: boolean];

describe("matchesAnyPath with a page template (shared cases)", () => {
  it.each(cases.templates as TemplateCase[])("%j on %j, template %j → %s", (pattern, path, template, expected) => {
    expect(matchesAnyPath([pattern], path, template)).toBe(expected);
    expect(matchesAnyPath(["/never-this-one", pattern], path, template ?? undefined)).toBe(expected);
  });
});

describe("matchesAnyPath", () => {
  it("a template pattern never matches without a template, whatever the path", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, path) => !matchesAnyPath([`template:${name}`], `/${path}`)),
    );
  });

  it("a template pattern matches exactly its own template", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) =>
        matchesAnyPath([`template:${a}`], "/", b) === (a === b),
      ),
    );
  });

  it("matches when any pattern does, and never for an empty list", () => {
    expect(matchesAnyPath(["/a", "/b/*"], "/b/c")).toBe(true);
    expect(matchesAnyPath(["/a", "/b/*"], "/c")).toBe(false);
    expect(matchesAnyPath([], "/")).toBe(false);
  });
});
