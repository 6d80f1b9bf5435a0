import { describe, expect, it } from "vitest";
import { pathMatches } from "../src/pages";

describe("pathMatches", () => {
  it.each([
    [["*"], "/anything/at/all", true],
    [["/"], "/", true],
    [["/"], "/products", false],
    [["/products/*"], "/products/red-shoe", true],
    [["/products/*"], "/collections/x", false],
    [["/pages/about"], "/pages/about/", true],
    [["/pages/about/"], "/pages/about", true],
    [["*/cart"], "/fr/cart", true],
    [["/a.b"], "/axb", false],
    [["/x(y)"], "/x(y)", true],
    [[], "/", false],
  ])("%j ~ %s → %s", (patterns, path, expected) => {
    expect(pathMatches(patterns, path)).toBe(expected);
  });
});
