// What the inline head helper hides, from the snippet's cache as the snippet writes it (happy-dom parses selectors).
import { describe, expect, it } from "vitest";
import type { Assignment } from "../../../app/wire/patches";
import { MAX_CACHE_AGE_MS, cachedSelectors, hiddenSelectors, isSelector } from "../../head/hidden-selectors";

const NOW = Date.UTC(2026, 10, 24, 12);
const VID = "v1234567890abcdef";

/** The cache exactly as snippet/src/config.ts stores it: {at, vid, res: {ttl, tests}}. */
const cache = (tests: unknown, at = NOW - 60_000, vid = VID) => JSON.stringify({ at, vid, res: { ttl: 300, tests } });

const headline: Assignment = { test: "t1", arm: "t1-b", pages: ["/demo"], patches: [{ op: "text", sel: "#headline", value: "New" }] };

describe("hiddenSelectors", () => {
  it("hides the element patches of the visitor's arm on a page it targets", () => {
    expect(hiddenSelectors(cache([headline]), VID, "/demo", NOW)).toEqual(["#headline"]);
    expect(hiddenSelectors(cache([headline]), VID, "/demo/", NOW)).toEqual(["#headline"]);
  });

  it("takes every element patch (text, html, attr, class, style, hide) and no css patch", () => {
    const arm: Assignment = {
      test: "t2",
      arm: "b",
      pages: ["/shop/*"],
      patches: [
        { op: "text", sel: ".a", value: "x" },
        { op: "html", sel: ".b", value: "<b>x</b>" },
        { op: "attr", sel: ".c", name: "href", value: null },
        { op: "class", sel: ".d", add: ["on"] },
        { op: "style", sel: ".e", props: { color: "red" } },
        { op: "hide", sel: ".f" },
        { op: "css", value: ".g{color:red}" },
      ],
    };
    expect(hiddenSelectors(cache([arm]), VID, "/shop/mugs/blue", NOW)).toEqual([".a", ".b", ".c", ".d", ".e", ".f"]);
  });

  it("collects the arms of every test that targets the page, and only those", () => {
    const other: Assignment = { test: "t3", arm: "b", pages: ["/pricing", "/demo"], patches: [{ op: "hide", sel: "#promo" }] };
    const elsewhere: Assignment = { test: "t4", arm: "b", pages: ["/about"], patches: [{ op: "hide", sel: "#team" }] };
    expect(hiddenSelectors(cache([headline, other, elsewhere]), VID, "/demo", NOW)).toEqual(["#headline", "#promo"]);
    expect(hiddenSelectors(cache([headline, other, elsewhere]), VID, "/checkout", NOW)).toEqual([]);
  });

  it("hides nothing for a control arm, a redirect arm or a Shopify template pattern", () => {
    const control: Assignment = { test: "t1", arm: "t1-a", pages: ["/demo"] };
    const redirect: Assignment = { ...headline, redirect: "/demo-b" };
    const template: Assignment = { ...headline, pages: ["template:product", "template:"] };
    expect(hiddenSelectors(cache([control, redirect, template]), VID, "/demo", NOW)).toEqual([]);
  });

  it("ignores a cache of another visitor, with no visitor id, or older than MAX_CACHE_AGE_MS", () => {
    expect(hiddenSelectors(cache([headline], NOW - 60_000, "someone-else"), VID, "/demo", NOW)).toEqual([]);
    expect(hiddenSelectors(cache([headline]), null, "/demo", NOW)).toEqual([]);
    expect(hiddenSelectors(cache([headline], NOW - MAX_CACHE_AGE_MS), VID, "/demo", NOW)).toEqual([]);
    expect(hiddenSelectors(cache([headline], NOW - MAX_CACHE_AGE_MS + 1), VID, "/demo", NOW)).toEqual(["#headline"]);
    expect(MAX_CACHE_AGE_MS).toBe(30 * 24 * 3600 * 1000);
  });

  it("hides nothing and never throws for no cache or a malformed one", () => {
    const malformed = [
      null,
      "",
      "{",
      "null",
      "[]",
      '"text"',
      JSON.stringify({ at: NOW, vid: VID }),
      JSON.stringify({ at: "yesterday", vid: VID, res: { tests: [headline] } }),
      JSON.stringify({ at: NOW, vid: VID, res: { tests: "all" } }),
      cache([{ ...headline, pages: "/demo" }]),
      cache([{ ...headline, pages: [42] }]),
      cache([null]),
      cache([{ ...headline, patches: [null] }]),
    ];
    for (const raw of malformed) expect(hiddenSelectors(raw, VID, "/demo", NOW), String(raw)).toEqual([]);
    // No usable cache at all: the first-visit helper asks for the hiding sheet instead.
    for (const raw of malformed) expect(cachedSelectors(raw, VID, "/demo", NOW), String(raw)).toBeNull();
  });

  it("leaves out selectors the browser does not parse, and non-strings", () => {
    const arm = {
      ...headline,
      patches: [{ sel: "#ok" }, { sel: "a[" }, { sel: "" }, { sel: 7 }, { sel: ["#x"] }, { sel: "a){}body{display:none" }, { sel: ".ok, .also" }],
    };
    expect(hiddenSelectors(cache([arm]), VID, "/demo", NOW)).toEqual(["#ok", ".ok, .also"]);
  });
});

describe("cachedSelectors", () => {
  it("tells a usable cache that changes nothing on the page (empty) from no usable cache (null)", () => {
    expect(cachedSelectors(cache([headline]), VID, "/demo", NOW)).toEqual(["#headline"]);
    expect(cachedSelectors(cache([headline]), VID, "/about", NOW)).toEqual([]);
    expect(cachedSelectors(cache([]), VID, "/demo", NOW)).toEqual([]);
    expect(cachedSelectors(cache([headline], NOW - 60_000, "someone-else"), VID, "/demo", NOW)).toBeNull();
    expect(cachedSelectors(cache([headline]), null, "/demo", NOW)).toBeNull();
    expect(cachedSelectors(cache([headline], NOW - MAX_CACHE_AGE_MS), VID, "/demo", NOW)).toBeNull();
    expect(cachedSelectors(null, VID, "/demo", NOW)).toBeNull();
  });
});

describe("isSelector", () => {
  it("accepts what querySelector parses and nothing else", () => {
    expect(["#a", ".b > c", "main :is(h1,h2)"].map(isSelector)).toEqual([true, true, true]);
    expect(["", "a[", "{", 1, null, undefined].map(isSelector)).toEqual([false, false, false, false, false, false]);
  });
});
