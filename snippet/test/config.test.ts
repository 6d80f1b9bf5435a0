import { beforeEach, describe, expect, it } from "vitest";
import type { PatchesResponse } from "../../app/wire/patches";
import { cacheConfig, cachedConfig, changedSelectors, parsePatches } from "../src/config";

const valid: PatchesResponse = {
  ttl: 300,
  tests: [
    {
      test: "t1",
      arm: "b",
      pages: ["/products/*"],
      when: "#buy",
      patches: [
        { op: "text", sel: "h1", value: "New" },
        { op: "html", sel: ".promo", value: "<b>Sale</b>" },
        { op: "attr", sel: "img.hero", name: "src", value: "/b.png" },
        { op: "attr", sel: "a.cta", name: "target", value: null },
        { op: "class", sel: ".cta", add: ["big"], remove: ["small"] },
        { op: "style", sel: ".cta", props: { color: "red" } },
        { op: "css", value: ".cta{font-weight:bold}" },
        { op: "hide", sel: ".banner" },
      ],
      goals: [
        { kind: "visit", goal: "thanks", pages: ["/thank-you"] },
        { kind: "click", goal: "add-to-cart", sel: "button[name=add]" },
        { kind: "submit", goal: "newsletter", sel: "form.newsletter" },
      ],
    },
    { test: "t2", arm: "control", pages: ["*"] },
    { test: "t3", arm: "b", pages: ["/"], redirect: "/landing-b" },
  ],
};

describe("parsePatches", () => {
  it("accepts a valid answer", () => {
    expect(parsePatches(structuredClone(valid))).toEqual(valid);
  });
  it("clamps the ttl", () => {
    expect(parsePatches({ ttl: 1e9, tests: [] })?.ttl).toBe(86400);
  });
  const broken: [string, unknown][] = [
    ["null", null],
    ["a string", "garbage"],
    ["an array", []],
    ["no ttl", { tests: [] }],
    ["negative ttl", { ttl: -1, tests: [] }],
    ["NaN ttl", { ttl: NaN, tests: [] }],
    ["tests not a list", { ttl: 1, tests: {} }],
    ["bad test id", { ttl: 1, tests: [{ test: "a b", arm: "x", pages: [] }] }],
    ["missing pages", { ttl: 1, tests: [{ test: "a", arm: "x" }] }],
    ["unknown op", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], patches: [{ op: "eval", sel: "a" }] }] }],
    ["bad selector", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], patches: [{ op: "hide", sel: "a[" }] }] }],
    ["empty selector", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], patches: [{ op: "hide", sel: "" }] }] }],
    ["text without value", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], patches: [{ op: "text", sel: "a" }] }] }],
    ["style with a number", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], patches: [{ op: "style", sel: "a", props: { width: 1 } }] }] }],
    ["bad when", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], when: "::(" }] }],
    ["redirect not a string", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], redirect: 1 }] }],
    ["goal too long", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], goals: [{ kind: "visit", goal: "g".repeat(65), pages: [] }] }] }],
    ["unknown goal kind", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], goals: [{ kind: "scroll", goal: "g" }] }] }],
    ["page conditions not a list", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], if: "?promo=" }] }],
    ["a page condition not a list", { ttl: 1, tests: [{ test: "a", arm: "x", pages: [], if: ["?promo="] }] }],
  ];
  it.each(broken)("rejects the whole answer when %s", (_, body) => {
    expect(parsePatches(body)).toBeUndefined();
  });
});

describe("config cache", () => {
  beforeEach(() => localStorage.clear());
  it("is fresh within the ttl, stale after, and per visitor", () => {
    cacheConfig("v1", valid, 1000, "&nv=0");
    expect(cachedConfig("v1", 1000 + 299_000, "&nv=0")).toEqual({ res: valid, fresh: true });
    expect(cachedConfig("v1", 1000 + 300_000, "&nv=0")?.fresh).toBe(false);
    expect(cachedConfig("v2", 1000, "&nv=0")).toBeUndefined();
  });
  it("is fresh only for the audience facts it was asked with: another landing or a new visit asks again", () => {
    cacheConfig("v1", valid, 1000, "&nv=1&ref=&");
    expect(cachedConfig("v1", 1001, "&nv=1&ref=&")?.fresh).toBe(true);
    // Stale, not gone: it still says what to hide while the new answer loads.
    expect(cachedConfig("v1", 1001, "&nv=0&ref=&")).toEqual({ res: valid, fresh: false });
    expect(cachedConfig("v1", 1001, "&nv=1&ref=&utm_source=x")).toEqual({ res: valid, fresh: false });
  });
  it("ignores a damaged cache", () => {
    localStorage.setItem("svc_cfg", JSON.stringify({ at: 1, vid: "v1", res: { ttl: "x" } }));
    expect(cachedConfig("v1", 2, "")).toBeUndefined();
    localStorage.setItem("svc_cfg", "{");
    expect(cachedConfig("v1", 2, "")).toBeUndefined();
  });
});

describe("changedSelectors", () => {
  it("lists the targets of element patches (what anti-flicker hides)", () => {
    expect(changedSelectors(valid.tests)).toEqual(["h1", ".promo", "img.hero", "a.cta", ".cta", ".cta"]);
  });
});
