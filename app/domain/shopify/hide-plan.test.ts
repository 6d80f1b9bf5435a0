import { describe, expect, it } from "vitest";
import { matchesAnyPath, matchesPath } from "~/wire";
import {
  EMPTY_HIDE_PLAN,
  MAX_PLAN_CHARS,
  MAX_PLAN_TESTS,
  MAX_TEST_SELECTORS,
  buildHidePlan,
  checkMatches,
  hidePlanValue,
  pageCheck,
  sameHidePlan,
  selectorsToHide,
  type HideSourceTest,
} from "./hide-plan";

let clock = Date.UTC(2026, 10, 1);
function test(overrides: Partial<HideSourceTest> = {}): HideSourceTest {
  clock += 60_000;
  return {
    id: `t${clock}`,
    status: "running",
    pages: ["/products/*"],
    startedAt: new Date(clock),
    arms: [
      { patches: [], redirectUrl: null },
      { patches: [{ op: "text", sel: "#title", value: "New" }], redirectUrl: null },
    ],
    ...overrides,
  };
}

describe("pageCheck", () => {
  it.each([
    ["/", { eq: "/" }],
    ["/products/mug", { eq: "/products/mug" }],
    ["/products/mug///", { eq: "/products/mug" }],
    ["/a.b?(c)[d]", { eq: "/a.b?(c)[d]" }],
    ["*", {}],
    ["**", {}],
    ["/products/*", { pre: "/products/" }],
    ["/products/*/", { pre: "/products/" }],
    ["*-sale", { suf: "-sale" }],
    ["/collections/*/products/*-sale", { pre: "/collections/", suf: "-sale", has: ["/products/"] }],
    ["*/x/*/x/*", { has: ["/x/"] }],
    ["template:product", { tpl: "product" }],
    ["template:*", { tpl: "*" }],
  ])("%s becomes %j", (pattern, check) => {
    expect(pageCheck(pattern)).toEqual(check);
  });

  it.each(["", "products/*", "template:", "x"])("%j matches no page, so it is dropped", (pattern) => {
    expect(pageCheck(pattern)).toBeNull();
    for (const path of ["/", "/products/mug", "/x"]) expect(matchesAnyPath([pattern], path, "product")).toBe(false);
  });
});

describe("a page check is a superset of its pattern (a miss would flicker; a superset only waits for the snippet)", () => {
  // A small alphabet makes overlaps, repeats and trailing slashes common.
  const alphabet = ["/", "a", "b", "-", "*"];
  const pick = (rand: () => number, n: number, letters: string[]) => Array.from({ length: n }, () => letters[Math.floor(rand() * letters.length)]).join("");
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  it("holds on every page its pattern matches, for 20 000 random pairs", () => {
    let matched = 0;
    for (let i = 0; i < 20_000; i++) {
      const pattern = (rand() < 0.7 ? "/" : "") + pick(rand, Math.floor(rand() * 7), alphabet);
      const path = "/" + pick(rand, Math.floor(rand() * 8), alphabet.slice(0, 4));
      if (!matchesPath(pattern, path)) continue;
      matched++;
      const check = pageCheck(pattern);
      expect(check, `${pattern} on ${path}`).not.toBeNull();
      expect(checkMatches(check!, path, null), `${pattern} on ${path}`).toBe(true);
    }
    expect(matched).toBeGreaterThan(1000);
  });

  it("is exact for literal paths, and wider than the pattern only where the order of parts is ignored", () => {
    expect(checkMatches({ eq: "/a" }, "/a//", null)).toBe(true);
    expect(checkMatches({ eq: "/a" }, "/a/b", null)).toBe(false);
    expect(checkMatches({ eq: "/" }, "/", null)).toBe(true);
    // "/a*a" does not match "/a" (the parts would overlap), but its check does: hidden until the snippet reveals.
    expect(matchesPath("/a*a", "/a")).toBe(false);
    expect(checkMatches(pageCheck("/a*a")!, "/a", null)).toBe(true);
    expect(checkMatches(pageCheck("/products/*")!, "/collections/all", null)).toBe(false);
  });

  it("matches a template only by its exact name, never where none is known", () => {
    expect(checkMatches({ tpl: "product" }, "/anything", "product")).toBe(true);
    expect(checkMatches({ tpl: "product" }, "/anything", "collection")).toBe(false);
    expect(checkMatches({ tpl: "product" }, "/anything", null)).toBe(false);
    expect(checkMatches({ tpl: "product" }, "/anything", "")).toBe(false);
  });
});

describe("buildHidePlan", () => {
  it("hides what a served winner changes, and nothing of a completed test that serves nothing", () => {
    const served = test({ status: "completed", servingWinner: true });
    const done = test({ status: "completed" });
    const plan = buildHidePlan({ status: "active", tests: [served, done] });
    expect(plan.tests.map((t) => [t.id, t.sel])).toEqual([[served.id, ["#title"]]]);
  });

  it("takes every element selector of every arm, once each, in arm then patch order", () => {
    const t = test({
      pages: ["/products/*", "template:product", "/products/*"],
      arms: [
        { patches: [], redirectUrl: null },
        {
          patches: [
            { op: "text", sel: "#title", value: "x" },
            { op: "html", sel: ".lede", value: "<b>x</b>" },
            { op: "attr", sel: "img.hero", name: "src", value: "/b.png" },
            { op: "css", value: ".x{color:red}" },
          ],
          redirectUrl: null,
        },
        {
          patches: [
            { op: "class", sel: "#title", add: ["big"] },
            { op: "style", sel: ".price", props: { color: "red" } },
            { op: "hide", sel: ".badge" },
          ],
          redirectUrl: null,
        },
      ],
    });
    expect(buildHidePlan({ status: "active", tests: [t] })).toEqual({
      v: 1,
      tests: [{ id: t.id, pages: [{ pre: "/products/" }, { tpl: "product" }], sel: ["#title", ".lede", "img.hero", ".price", ".badge"] }],
    });
  });

  it("leaves out tests that are not running, every test of a paused site, and tests that change no element", () => {
    const running = test();
    const others = ["draft", "paused", "completed", "archived"].map((status) => test({ status }));
    const redirectOnly = test({ arms: [{ patches: [], redirectUrl: null }, { patches: [], redirectUrl: "/products/mug?view=b" }] });
    const cssOnly = test({ arms: [{ patches: [], redirectUrl: null }, { patches: [{ op: "css", value: "h1{color:red}" }], redirectUrl: null }] });
    const noPage = test({ pages: ["products/*"] });
    const tests = [...others, redirectOnly, cssOnly, noPage, running];
    expect(buildHidePlan({ status: "active", tests }).tests.map((t) => t.id)).toEqual([running.id]);
    expect(buildHidePlan({ status: "paused", tests })).toEqual(EMPTY_HIDE_PLAN);
  });

  it("skips a redirect arm's patches and an arm whose patches are not served, and an unsafe selector alone", () => {
    const t = test({
      arms: [
        { patches: [{ op: "text", sel: "#redirected", value: "x" }], redirectUrl: "/b" },
        { patches: [{ op: "bogus", sel: "#bad" }, { op: "text", sel: "#with-bad", value: "x" }], redirectUrl: null },
        { patches: [{ op: "text", sel: "a}html{x", value: "x" }, { op: "text", sel: "#ok", value: "x" }], redirectUrl: null },
      ],
    });
    expect(buildHidePlan({ status: "active", tests: [t] }).tests[0]?.sel).toEqual(["#ok"]);
  });

  it("orders tests by start, oldest first, whatever order they come in", () => {
    const [a, b, c] = [test(), test(), test()];
    expect(buildHidePlan({ status: "active", tests: [c!, a!, b!] }).tests.map((t) => t.id)).toEqual([a!.id, b!.id, c!.id]);
  });

  it(`keeps at most ${MAX_PLAN_TESTS} tests: the later-started ones are not hidden`, () => {
    const tests = Array.from({ length: MAX_PLAN_TESTS + 5 }, () => test());
    const plan = buildHidePlan({ status: "active", tests: [...tests].reverse() });
    expect(plan.tests.map((t) => t.id)).toEqual(tests.slice(0, MAX_PLAN_TESTS).map((t) => t.id));
  });

  it(`leaves out a test with more than ${MAX_TEST_SELECTORS} selectors, and keeps the rest`, () => {
    const many = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ op: "hide", sel: `#e${from + i}` }));
    // Two arms of distinct selectors: one arm may hold at most 100 patches (patch-shape.ts).
    const big = test({ arms: [{ patches: many(60), redirectUrl: null }, { patches: many(MAX_TEST_SELECTORS - 58, 59), redirectUrl: null }] });
    const fits = test({ arms: [{ patches: many(MAX_TEST_SELECTORS), redirectUrl: null }] });
    expect(buildHidePlan({ status: "active", tests: [big, fits] }).tests.map((t) => t.id)).toEqual([fits.id]);
  });

  it(`stays within ${MAX_PLAN_CHARS} characters, leaving out whole tests that do not fit`, () => {
    const long = (i: number) => Array.from({ length: 100 }, (_, j) => ({ op: "hide", sel: `.a-rather-long-class-name-${i}-${j}-${"x".repeat(60)}` }));
    const tests = Array.from({ length: 10 }, (_, i) => test({ arms: [{ patches: long(i), redirectUrl: null }] }));
    const small = test({ pages: ["/"] });
    const plan = buildHidePlan({ status: "active", tests: [...tests, small] });
    const value = hidePlanValue(plan);
    expect(value.length).toBeLessThanOrEqual(MAX_PLAN_CHARS);
    expect(plan.tests.length).toBeGreaterThan(1);
    expect(plan.tests.length).toBeLessThan(11);
    // Every kept big test is whole, and the small one still fits after those left out.
    for (const t of plan.tests.slice(0, -1)) expect(t.sel).toHaveLength(100);
    expect(plan.tests.at(-1)?.id).toBe(small.id);
  });
});

describe("buildHidePlan for a price test", () => {
  const price = { k: "price", prices: { "gid://shopify/ProductVariant/42": 24 } };
  const priced = () =>
    test({ arms: [{ id: "a", patches: [], redirectUrl: null, offer: null }, { id: "b", patches: [], redirectUrl: null, offer: price }] });

  it("hides the price elements on its pages and carries its arms' prices, with the price bundle's version", () => {
    const t = priced();
    const plan = buildHidePlan({ status: "active", tests: [t, test()] }, null, "embed1", "price1");
    // The Buy-it-now buttons too, hidden from the first paint as the served arms hide them (buy-now.ts).
    expect(plan.tests[0]).toEqual({ id: t.id, pages: [{ pre: "/products/" }], sel: ["[data-svc-price]", ".shopify-payment-button"], pr: '{"b":{"42":24}}' });
    expect(plan.tests[1]!.pr).toBeUndefined();
    expect(plan).toMatchObject({ b: "embed1", p: "price1" });
  });

  it("names no price bundle where no test has a price, and no prices for other offers", () => {
    expect(buildHidePlan({ status: "active", tests: [test()] }, null, "embed1", "price1").p).toBeUndefined();
    const order = test({ arms: [{ id: "b", patches: [{ op: "text", sel: "#t", value: "x" }], redirectUrl: null, offer: { k: "order", percent: 10 } }] });
    expect(buildHidePlan({ status: "active", tests: [order] }).tests[0]).toEqual({ id: order.id, pages: [{ pre: "/products/" }], sel: ["#t", ".shopify-payment-button"] });
    // A test without an offer leaves the buttons alone, and so does one that keeps them and excludes their buyers.
    expect(buildHidePlan({ status: "active", tests: [test()] }).tests[0]!.sel).not.toContain(".shopify-payment-button");
    expect(buildHidePlan({ status: "active", tests: [{ ...order, buyNow: "exclude" }] }).tests[0]).toEqual({ id: order.id, pages: [{ pre: "/products/" }], sel: ["#t"] });
  });
});

describe("selectorsToHide", () => {
  const plan = buildHidePlan({
    status: "active",
    tests: [
      test({ id: "a", pages: ["/products/*"], arms: [{ patches: [{ op: "text", sel: "#title", value: "x" }], redirectUrl: null }] }),
      test({ id: "b", pages: ["template:collection", "/"], arms: [{ patches: [{ op: "hide", sel: ".banner" }], redirectUrl: null }] }),
      test({ id: "c", pages: ["*"], arms: [{ patches: [{ op: "text", sel: "#title", value: "y" }], redirectUrl: null }] }),
    ],
  });

  it("joins the selectors of every matching test, in plan order", () => {
    expect(selectorsToHide(plan, "/products/mug/", "product")).toEqual(["#title", "#title"]);
    expect(selectorsToHide(plan, "/", "index")).toEqual([".banner", "#title"]);
    expect(selectorsToHide(plan, "/collections/all", "collection")).toEqual([".banner", "#title"]);
    expect(selectorsToHide(EMPTY_HIDE_PLAN, "/", "index")).toEqual([]);
  });
});

describe("sameHidePlan", () => {
  const plan = buildHidePlan({ status: "active", tests: [test({ id: "x" })] });

  it("compares what the value says, not how it is spelled", () => {
    expect(sameHidePlan(hidePlanValue(plan), plan)).toBe(true);
    const reordered = JSON.stringify({ tests: plan.tests.map(({ sel, pages, id }) => ({ sel, id, pages })), v: 1 }, null, 2);
    expect(sameHidePlan(reordered, plan)).toBe(true);
    expect(sameHidePlan(hidePlanValue({ ...plan, tests: [{ ...plan.tests[0]!, sel: ["#other"] }] }), plan)).toBe(false);
    expect(sameHidePlan("not json", plan)).toBe(false);
  });

  it("reads an absent value as a plan that hides nothing", () => {
    expect(sameHidePlan(undefined, EMPTY_HIDE_PLAN)).toBe(true);
    expect(sameHidePlan(undefined, plan)).toBe(false);
    expect(sameHidePlan(hidePlanValue(EMPTY_HIDE_PLAN), plan)).toBe(false);
  });
});
