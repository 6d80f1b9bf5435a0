import { describe, expect, it } from "vitest";
import { emptyOffer } from "./offer-form";
import type { PageRule } from "./page-rule";
import { SWEEPING_SELECTOR_MESSAGE } from "./patch-shape";
import { armKey, emptyPatch, goalsForSite, newTestForm, parseTestForm, redirectTargetError, testToForm, type FormContext, type PatchDraft, type TestFormValues } from "./test-form";

const context: FormContext = {
  sites: [
    { id: "shop1", kind: "shopify", origins: ["https://shop1.myshopify.com", "https://example.com"] },
    { id: "web1", kind: "web", origins: [] },
  ],
};

function form(over: Partial<TestFormValues> = {}): TestFormValues {
  const base = newTestForm({ id: "shop1", kind: "shopify" });
  return {
    ...base,
    name: "Headline",
    arms: [base.arms[0]!, { ...base.arms[1]!, patches: [{ ...emptyPatch("text"), sel: "h1", value: "Hi" }] }],
    ...over,
  };
}

function errorsOf(values: unknown): Record<string, string> {
  const result = parseTestForm(values, context);
  if (result.ok) throw new Error("expected field errors");
  return result.errors;
}

describe("parseTestForm", () => {
  it("turns a valid form into a definition", () => {
    const result = parseTestForm(form({ pages: [{ kind: "prefix", value: "/products/" }, { kind: "contains", value: "sale" }], minDetectableEffect: "5" }), context);
    expect(result).toEqual({
      ok: true,
      test: {
        siteId: "shop1",
        name: "Headline",
        hypothesis: null,
        pages: ["/products/*", "*sale*"],
        trafficPercent: 100,
        minDetectableEffect: 0.05,
        groupId: null,
        groupShare: null,
        offerTitle: null,
        buyNow: "hide",
        arms: [
          { key: "control", name: "Control", weight: 1, patches: [], redirectUrl: null, offer: null },
          { key: "b", name: "Variant B", weight: 1, patches: [{ op: "text", sel: "h1", value: "Hi" }], redirectUrl: null, offer: null },
        ],
        goals: [
          { label: "purchase", kind: "purchase", selector: null, urlPattern: null, isPrimary: true, isGuardrail: true },
          { label: "added_to_cart", kind: "added_to_cart", selector: null, urlPattern: null, isPrimary: false, isGuardrail: false },
        ],
        audience: [],
      },
    });
  });

  describe("offers", () => {
    const priced = (over: Partial<TestFormValues> = {}) => {
      const base = form();
      return form({
        arms: [
          base.arms[0]!,
          { ...base.arms[1]!, change: "none", patches: [], offer: { ...emptyOffer(), kind: "price", prices: "44810745389307: 19.99\n44810745389308 = 24" } },
        ],
        ...over,
      });
    };

    it("lets a variant change only what it charges, and stores its offer as the Function reads it", () => {
      const result = parseTestForm(priced(), context);
      expect(result.ok && result.test.arms.map((a) => [a.patches.length, a.offer])).toEqual([
        [0, null],
        [0, { k: "price", prices: { "gid://shopify/ProductVariant/44810745389307": 19.99, "gid://shopify/ProductVariant/44810745389308": 24 } }],
      ]);
      // Without an offer, a variant that changes nothing is still refused.
      const base = form();
      expect(errorsOf(form({ arms: [base.arms[0]!, { ...base.arms[1]!, change: "none", patches: [] }] }))["arms.1.change"]).toMatch(/offer/);
    });

    it("stores the discount's title trimmed, reads it back, and leaves it out of a test without offers", () => {
      const titled = parseTestForm(priced({ offerTitle: "  Winter price  " }), context);
      expect(titled.ok && titled.test.offerTitle).toBe("Winter price");
      if (!titled.ok) throw new Error("expected a valid form");
      expect(testToForm(titled.test, "shopify").offerTitle).toBe("Winter price");
      expect(parseTestForm(testToForm(titled.test, "shopify"), context)).toEqual(titled);
      // Empty: svc's default; and a title left behind when the offers are taken away is not kept.
      const untitled = parseTestForm(priced({ offerTitle: "   " }), context);
      expect(untitled.ok && untitled.test.offerTitle).toBeNull();
      const noOffer = parseTestForm(form({ offerTitle: "Winter price" }), context);
      expect(noOffer.ok && noOffer.test.offerTitle).toBeNull();
    });

    it.each([
      ["too long", "x".repeat(61), /60 characters or fewer \(this one has 61\)/],
      ["61 emoji (characters, not bytes, counted)", "🏺".repeat(61), /this one has 61/],
      ["a line break", "Winter\nprice", /control characters/],
      ["a tab", "Winter\tprice", /control characters/],
      ["a right-to-left override", "Winter \u202eecirp", /control characters/],
    ])("refuses a title %s with the field's error", (_, offerTitle, message) => {
      expect(errorsOf(priced({ offerTitle })).offerTitle).toMatch(message);
    });

    it("stores the choice of excluding Buy-it-now buyers, hiding by default, and refuses a choice it does not know", () => {
      expect(parseTestForm(priced(), context)).toMatchObject({ ok: true, test: { buyNow: "hide" } });
      const excluding = parseTestForm(priced({ buyNow: "exclude" }), context);
      expect(excluding).toMatchObject({ ok: true, test: { buyNow: "exclude" } });
      if (!excluding.ok) throw new Error("expected a valid form");
      expect(parseTestForm(testToForm(excluding.test, "shopify"), context)).toEqual(excluding);
      expect(errorsOf(priced({ buyNow: "show" as never })).buyNow).toMatch(/hides the Buy-it-now buttons or keeps their buyers out/);
      // Without an offer there are no buttons to choose about: the default is kept.
      expect(parseTestForm(form({ buyNow: "exclude" }), context)).toMatchObject({ ok: true, test: { buyNow: "hide" } });
    });

    it("accepts a title of 60 characters, emoji counted as one", () => {
      const result = parseTestForm(priced({ offerTitle: "🏺".repeat(60) }), context);
      expect(result.ok && [...(result.test.offerTitle ?? "")].length).toBe(60);
    });

    it("reads back a stored offer as the form it came from", () => {
      const first = parseTestForm(priced(), context);
      if (!first.ok) throw new Error("expected a valid form");
      expect(parseTestForm(testToForm(first.test, "shopify"), context)).toEqual(first);
    });

    it("refuses an offer on a site whose checkout is not Shopify's, and beside an audience checkout cannot see", () => {
      expect(errorsOf(priced({ siteId: "web1", goals: [{ ...form().goals[0]!, kind: "custom", label: "signup" }] }))["arms.1.offer.kind"]).toMatch(/Shopify/);
      expect(errorsOf(priced({ audience: [{ kind: "device", name: "", values: "mobile" }] })).audience).toMatch(/checkout cannot see/);
    });

    it("puts an offer's field errors under the arm's offer", () => {
      const base = form();
      const bad = form({ arms: [base.arms[0]!, { ...base.arms[1]!, offer: { ...emptyOffer(), kind: "order", value: "150" } }] });
      expect(errorsOf(bad)["arms.1.offer.value"]).toMatch(/at most 100/);
    });
  });

  it("reads a group of the test's site and its share, and refuses another site's group or a bad share", () => {
    const groups = { ...context, groups: [{ id: "g1", siteId: "shop1" }, { id: "g2", siteId: "other" }] };
    const grouped = parseTestForm(form({ groupId: "g1", groupShare: "30" }), groups);
    expect(grouped.ok && [grouped.test.groupId, grouped.test.groupShare]).toEqual(["g1", 30]);
    const foreign = parseTestForm(form({ groupId: "g2", groupShare: "30" }), groups);
    expect(!foreign.ok && foreign.errors.groupId).toMatch(/group of this test's site/);
    const unknown = parseTestForm(form({ groupId: "nope", groupShare: "30" }), groups);
    expect(!unknown.ok && unknown.errors.groupId).toBeTruthy();
    for (const share of ["0", "101", "x", "2.5"]) {
      const bad = parseTestForm(form({ groupId: "g1", groupShare: share }), groups);
      expect(!bad.ok && bad.errors.groupShare).toMatch(/share of the group/);
    }
    const none = parseTestForm(form({ groupId: "", groupShare: "30" }), groups);
    expect(none.ok && [none.test.groupId, none.test.groupShare]).toEqual([null, null]);
  });

  it("keys arms control, b, c, …", () => {
    expect([0, 1, 2, 9].map(armKey)).toEqual(["control", "b", "c", "j"]);
  });

  it("reads every patch op from its fields", () => {
    const base = form();
    const patches = [
      { ...emptyPatch("html"), sel: ".hero", value: "<b>x</b>" },
      { ...emptyPatch("attr"), sel: "a.buy", name: "href", value: "/cart" },
      { ...emptyPatch("attr"), sel: "img", name: "loading", removeAttribute: true },
      { ...emptyPatch("class"), sel: "button", add: "big  red", remove: "small" },
      { ...emptyPatch("style"), sel: "h1", declarations: "color: #c00;\nfont-weight: bold" },
      { ...emptyPatch("css"), value: ".x { color: red }" },
      { ...emptyPatch("hide"), sel: ".banner" },
    ];
    const result = parseTestForm({ ...base, arms: [base.arms[0], { ...base.arms[1], patches }] }, context);
    expect(result.ok && result.test.arms[1]?.patches).toEqual([
      { op: "html", sel: ".hero", value: "<b>x</b>" },
      { op: "attr", sel: "a.buy", name: "href", value: "/cart" },
      { op: "attr", sel: "img", name: "loading", value: null },
      { op: "class", sel: "button", add: ["big", "red"], remove: ["small"] },
      { op: "style", sel: "h1", props: { color: "#c00", "font-weight": "bold" } },
      { op: "css", value: ".x { color: red }" },
      { op: "hide", sel: ".banner" },
    ]);
  });

  it("answers field errors keyed by path", () => {
    const base = form();
    const errors = errorsOf({
      ...base,
      siteId: "other",
      name: " ",
      pages: [{ kind: "exact", value: "/a*" }],
      trafficPercent: "0",
      minDetectableEffect: "-1",
      arms: [
        base.arms[0],
        { ...base.arms[1], weight: "1.5", patches: [{ ...emptyPatch("text"), sel: "div[" }, { ...emptyPatch("hide"), sel: "body" }, { ...emptyPatch("attr"), sel: "a", name: "onclick" }] },
      ],
      goals: [{ kind: "click", label: "", selector: "p::after", page: { kind: "exact", value: "" }, primary: true }],
    });
    expect(errors).toMatchObject({
      siteId: "Choose a site",
      name: "Give the test a name",
      "pages.0.value": expect.stringMatching(/wildcard/),
      trafficPercent: expect.any(String),
      minDetectableEffect: expect.any(String),
      "arms.1.weight": expect.any(String),
      "arms.1.patches.0.sel": "This is not a valid CSS selector",
      "arms.1.patches.1.sel": "A change cannot apply to html, head, body or :root: choose an element inside the page",
      "arms.1.patches.2.name": "Event handler attributes (onclick, onerror…) are not allowed",
      "goals.0.label": expect.any(String),
      "goals.0.selector": expect.stringMatching(/::after/),
    });
  });

  it("refuses root elements however the selector is spaced or cased", () => {
    for (const sel of ["html", " BODY ", ":root", "head"]) {
      const base = form();
      expect(errorsOf({ ...base, arms: [base.arms[0], { ...base.arms[1], patches: [{ ...emptyPatch("hide"), sel }] }] })).toHaveProperty("arms.1.patches.0.sel");
    }
  });

  it("needs a control that changes nothing, a variant that changes something, and one primary goal", () => {
    const base = form();
    expect(errorsOf({ ...base, arms: [base.arms[0]] })).toHaveProperty("arms");
    expect(errorsOf({ ...base, arms: [{ ...base.arms[0], change: "patches" }, base.arms[1]] })).toHaveProperty("arms.0.change");
    expect(errorsOf({ ...base, arms: [base.arms[0], { ...base.arms[1], change: "none" }] })).toHaveProperty("arms.1.change");
    expect(errorsOf({ ...base, arms: [base.arms[0], { ...base.arms[1], patches: [] }] })).toHaveProperty("arms.1.patches");
    expect(errorsOf({ ...base, goals: [] })).toHaveProperty("goals");
    const custom = { kind: "custom", label: "signup", selector: "", page: { kind: "exact", value: "" }, primary: false };
    expect(errorsOf({ ...base, goals: [{ ...base.goals[0], primary: false }, custom] })).toHaveProperty("goals", "Mark exactly one goal as primary");
    expect(errorsOf({ ...base, goals: [base.goals[0], { ...custom, primary: true }] })).toHaveProperty("goals");
    expect(errorsOf({ ...base, goals: [base.goals[0], custom, custom] })).toHaveProperty("goals.2.label");
  });

  it("keeps purchases and alternate templates to Shopify sites, and checks redirects", () => {
    const base = form();
    const template = { ...base.arms[1]!, change: "template" as const, template: "b-side" };
    const shopify = parseTestForm({ ...base, arms: [base.arms[0], template] }, context);
    expect(shopify.ok && shopify.test.arms[1]?.redirectUrl).toBe("?view=b-side");
    const web = errorsOf({ ...base, siteId: "web1", arms: [base.arms[0], template] });
    expect(web).toHaveProperty("arms.1.change");
    expect(web).toHaveProperty("goals.0.kind", "Purchases are counted on Shopify sites only");
    expect(errorsOf({ ...base, arms: [base.arms[0], { ...template, template: "../x" }] })).toHaveProperty("arms.1.template");
    const redirect = (redirectUrl: string) => ({ ...base, arms: [base.arms[0], { ...base.arms[1], change: "redirect", redirectUrl }] });
    expect(parseTestForm(redirect("/landing-b"), context).ok).toBe(true);
    expect(parseTestForm(redirect("https://example.com/b"), context).ok).toBe(true);
    expect(errorsOf(redirect("javascript:alert(1)"))).toHaveProperty("arms.1.redirectUrl");
    expect(errorsOf(redirect("//evil.example"))).toHaveProperty("arms.1.redirectUrl");
  });

  it("starts a Shopify test with the purchase primary and add to cart beside it, another site's with a custom goal", () => {
    expect(newTestForm({ id: "shop1", kind: "shopify" }).goals.map((g) => [g.kind, g.label, g.primary])).toEqual([
      ["purchase", "purchase", true],
      ["added_to_cart", "added_to_cart", false],
    ]);
    expect(newTestForm({ id: "web1", kind: "web" }).goals.map((g) => [g.kind, g.primary])).toEqual([["custom", true]]);
  });

  it("takes a 120-character name and refuses a 121-character one, saying how long it is (never cut)", () => {
    expect(parseTestForm(form({ name: "n".repeat(120) }), context).ok).toBe(true);
    expect(errorsOf(form({ name: "n".repeat(121) }))).toEqual({ name: "Keep the name to 120 characters or fewer (this one has 121)" });
  });

  it("gives the goals the new site's first goals when the site changes before they are touched, and drops what it cannot count", () => {
    const kinds = (goals: TestFormValues["goals"]) => goals.map((g) => [g.kind, g.label, g.primary]);
    const web = newTestForm({ id: "web1", kind: "web" }).goals;
    const shop = newTestForm({ id: "shop1", kind: "shopify" }).goals;
    // Untouched: the custom goal with no label becomes the purchase, and back.
    expect(kinds(goalsForSite(web, "web", "shopify"))).toEqual([["purchase", "purchase", true], ["added_to_cart", "added_to_cart", false]]);
    expect(kinds(goalsForSite(shop, "shopify", "web"))).toEqual([["custom", "", true]]);
    // A goal the merchant wrote is theirs: a labelled custom goal stays on a Shopify site.
    const signup = [{ ...web[0]!, label: "signup" }];
    expect(kinds(goalsForSite(signup, "web", "shopify"))).toEqual([["custom", "signup", true]]);
    // A web site counts no purchase: it goes, and the primary passes to the goal that stays.
    const mixed = [shop[0]!, { ...web[0]!, label: "signup", primary: false }];
    expect(kinds(goalsForSite(mixed, "shopify", "web"))).toEqual([["custom", "signup", true]]);
    expect(kinds(goalsForSite([shop[0]!], "shopify", "web"))).toEqual([["custom", "", true]]);
    // Every goal it leaves parses on the new site.
    for (const [goals, siteId] of [[goalsForSite(web, "web", "shopify"), "shop1"], [goalsForSite(mixed, "shopify", "web"), "web1"]] as const) {
      const parsed = parseTestForm({ ...form(), siteId, goals: goals.map((g) => (g.kind === "custom" ? { ...g, label: g.label || "signup" } : g)) }, context);
      expect(parsed.ok ? [] : Object.keys(parsed.errors).filter((k) => k.startsWith("goals"))).toEqual([]);
    }
  });

  it("counts Shopify's funnel steps under their own labels, on Shopify sites only, and keeps those labels from other goals", () => {
    const base = form();
    const step = (kind: string, primary = false) => ({ kind, label: "whatever", selector: "", page: { kind: "exact", value: "" }, primary });
    const parsed = parseTestForm({ ...base, goals: [step("checkout_started", true), step("product_viewed")] }, context);
    expect(parsed.ok && parsed.test.goals.map((g) => [g.kind, g.label])).toEqual([["checkout_started", "checkout_started"], ["product_viewed", "product_viewed"]]);
    const web = errorsOf({ ...base, siteId: "web1", goals: [step("added_to_cart", true)] });
    expect(web).toHaveProperty("goals.0.kind", "Shopify's funnel steps are counted on Shopify sites only");
    const taken = errorsOf({ ...base, goals: [base.goals[0], { ...step("custom"), label: "added_to_cart" }] });
    expect(taken).toHaveProperty("goals.1.label", `"added_to_cart" is kept for Shopify's funnel`);
  });

  it("takes template page rules for known template types on Shopify sites only", () => {
    const pages = (value: string) => [{ kind: "template", value }, { kind: "exact", value: "/" }];
    const shopify = parseTestForm({ ...form(), pages: pages("product") }, context);
    expect(shopify.ok && shopify.test.pages).toEqual(["template:product", "/"]);
    expect(errorsOf({ ...form(), pages: pages("bogus") })).toHaveProperty("pages.0.value", "Choose a template type");
    const web = errorsOf({ ...form(), siteId: "web1", goals: [], pages: pages("product") });
    expect(web).toHaveProperty("pages.0.value", "Template types exist on Shopify sites only");
    expect(web).not.toHaveProperty("pages.1.value");
  });

  it("reads url, click and submit goals", () => {
    const goals = [
      { kind: "url", label: "thanks", selector: "", page: { kind: "prefix", value: "/thanks" }, primary: true },
      { kind: "click", label: "cta", selector: "a.cta", page: { kind: "exact", value: "" }, primary: false, guardrail: true },
      { kind: "submit", label: "lead", selector: "form#lead", page: { kind: "exact", value: "" }, primary: false },
    ];
    const result = parseTestForm(form({ siteId: "web1", goals: goals as TestFormValues["goals"] }), context);
    expect(result.ok && result.test.goals).toEqual([
      { label: "thanks", kind: "url", selector: null, urlPattern: "/thanks*", isPrimary: true, isGuardrail: false },
      { label: "cta", kind: "click", selector: "a.cta", urlPattern: null, isPrimary: false, isGuardrail: true },
      { label: "lead", kind: "submit", selector: "form#lead", urlPattern: null, isPrimary: false, isGuardrail: false },
    ]);
    expect(errorsOf(form({ siteId: "web1", goals: [{ ...goals[0], page: { kind: "exact", value: "thanks" } }] as TestFormValues["goals"] }))).toHaveProperty("goals.0.page");
  });

  it("answers errors, never throws, for payloads of the wrong shape", () => {
    for (const junk of [null, 1, "x", [], { arms: "no", goals: 3, pages: null }, { arms: [null, 1], goals: [null] }]) {
      expect(parseTestForm(junk, context).ok).toBe(false);
    }
  });

  it("gives back a stored test as form values that parse to the same test", () => {
    const base = form();
    const patches = [{ ...emptyPatch("style"), sel: "h1", declarations: "color: red" }, { ...emptyPatch("attr"), sel: "img", name: "alt", removeAttribute: true }];
    const values = {
      ...base,
      hypothesis: "Shorter wins",
      pages: [{ kind: "wildcard" as const, value: "/c/*/p" }],
      arms: [base.arms[0]!, { ...base.arms[1]!, patches }, { ...base.arms[1]!, name: "C", change: "template" as const, template: "alt" }, { ...base.arms[1]!, name: "D", change: "redirect" as const, redirectUrl: "/d" }],
      audience: [
        { kind: "device" as const, name: "", values: "mobile, tablet" },
        { kind: "utm" as const, name: "source", values: "newsletter" },
        { kind: "cookie" as const, name: "vip", values: "" },
        { kind: "market" as const, name: "", values: "europe" },
      ],
    };
    const first = parseTestForm(values, context);
    if (!first.ok) throw new Error(JSON.stringify(first.errors));
    expect(parseTestForm(testToForm(first.test, "shopify"), context)).toEqual(first);
  });
});

describe("parseTestForm: the audience", () => {
  it("reads each kind of rule, values trimmed, deduplicated and in their case", () => {
    const result = parseTestForm(
      form({
        audience: [
          { kind: "device", name: "", values: " Mobile , tablet, mobile" },
          { kind: "visitor", name: "", values: "returning" },
          { kind: "channel", name: "", values: "email, social" },
          { kind: "utm", name: "source", values: "Newsletter" },
          { kind: "country", name: "", values: "de, at" },
          { kind: "market", name: "", values: "Europe" },
          { kind: "language", name: "", values: "pt-BR" },
          { kind: "currency", name: "", values: "eur" },
          { kind: "customer", name: "", values: "logged-in" },
          { kind: "query", name: "promo", values: "" },
        ],
      }),
      context,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.test.audience).toEqual([
      { kind: "device", values: ["mobile", "tablet"] },
      { kind: "visitor", values: ["returning"] },
      { kind: "channel", values: ["email", "social"] },
      { kind: "utm", name: "source", values: ["Newsletter"] },
      { kind: "country", values: ["DE", "AT"] },
      { kind: "market", values: ["europe"] },
      { kind: "language", values: ["pt-BR"] },
      { kind: "currency", values: ["EUR"] },
      { kind: "customer", values: ["logged-in"] },
      { kind: "query", name: "promo", values: [] },
    ]);
  });

  it("reads a form without an audience (an older page) as every visitor", () => {
    const { audience: _, ...older } = form();
    const result = parseTestForm(older, context);
    expect(result.ok && result.test.audience).toEqual([]);
  });

  it("answers bad rules with field errors beside the rule", () => {
    const errors = errorsOf(
      form({
        audience: [
          { kind: "device", name: "", values: "phone" },
          { kind: "utm", name: "term", values: "x" },
          { kind: "cookie", name: "", values: "" },
          { kind: "country", name: "", values: "Germany" },
          { kind: "nope" as never, name: "", values: "" },
          { kind: "visitor", name: "", values: "" },
        ],
      }),
    );
    expect(errors).toMatchObject({
      "audience.0.values": '"phone" is not one of: mobile, tablet, desktop',
      "audience.1.name": "Choose utm_source, utm_medium or utm_campaign",
      "audience.2.name": expect.stringContaining("Name the cookie"),
      "audience.3.values": '"GERMANY" is not: a two-letter country code (US, DE, …)',
      "audience.4.kind": "Choose what the rule reads",
      "audience.5.values": "Choose at least one of: new, returning",
    });
  });

  it("keeps market, language, currency and customer rules to Shopify sites", () => {
    const errors = errorsOf(form({ siteId: "web1", goals: [{ ...form().goals[0]!, kind: "custom", label: "signup" }], audience: [{ kind: "currency", name: "", values: "EUR" }] }));
    expect(errors["audience.0.kind"]).toMatch(/Shopify sites only/);
  });

  it("takes at most ten rules", () => {
    const errors = errorsOf(form({ audience: Array.from({ length: 11 }, () => ({ kind: "device" as const, name: "", values: "mobile" })) }));
    expect(errors.audience).toBe("Use at most 10 audience rules");
  });
});

// The careless merchant (issue 20): what would blank the store, send an arm's visitors nowhere, break the
// list, or show them validator text, is refused beside its field in the form's own words.
describe("parseTestForm against careless input", () => {
  const withPatches = (...patches: PatchDraft[]) => {
    const base = form();
    return { ...base, arms: [base.arms[0], { ...base.arms[1], patches }] };
  };

  it.each([
    ["hide", "*"],
    ["hide", "body > *"],
    ["hide", "div"],
    ["hide", ":not(#keep)"],
    ["text", "body *"],
    ["text", "main"],
    ["html", "* > *"],
  ] as const)("refuses a %s of %j, which would blank the storefront (422)", (op, sel) => {
    const result = parseTestForm(withPatches({ ...emptyPatch(op), sel, value: "x" }), context);
    expect(result).toEqual({ ok: false, errors: { "arms.1.patches.0.sel": SWEEPING_SELECTOR_MESSAGE }, unsafe: true });
  });

  it.each([["hide", "#lede"], ["hide", ".banner"], ["text", "#main h1"], ["html", "div.note"], ["style", "div"], ["class", "*"]] as const)(
    "lets a %s of %j through",
    (op, sel) => {
      const draft = { ...emptyPatch(op), sel, value: "x", declarations: "color: red", add: "x" };
      expect(parseTestForm(withPatches(draft), context).ok).toBe(true);
    },
  );

  it.each(["", "   "])("refuses an empty Replace text (%j): Hide elements says so", (value) => {
    expect(errorsOf(withPatches({ ...emptyPatch("text"), sel: "#lede", value }))).toEqual({ "arms.1.patches.0.value": expect.stringMatching(/^Enter the new text .*Hide elements/) });
  });

  it.each([
    ["html", { value: '<img src=x onerror="alert(1)">' }, "value", /^Remove what could run script or load a page: onerror$/],
    ["html", { value: "<script>alert(1)</script>" }, "value", /<script>/],
    ["attr", { name: "href", value: "javascript:alert(1)" }, "value", /^Script \(javascript:\) and data: URLs/],
    ["attr", { name: "href", value: "java&#x09;script:x" }, "value", null],
    ["attr", { name: "srcdoc", value: "<p>x</p>" }, "value", /srcdoc/],
    ["attr", { name: "onclick", value: "x" }, "name", /^Event handler attributes/],
  ] as const)("refuses script in a %s patch (%j) with 422", (op, fields, field, message) => {
    const result = parseTestForm(withPatches({ ...emptyPatch(op), sel: "#lede", ...fields }), context);
    if (message === null) {
      // Character references are the browser's business only in HTML; an attribute's value is set as typed.
      expect(result.ok).toBe(true);
      return;
    }
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[`arms.1.patches.0.${field}`]).toMatch(message);
    expect(result.unsafe).toBe(true);
  });

  const redirect = (redirectUrl: string, pages: PageRule[] = [{ kind: "exact", value: "/" }]) => {
    const base = form({ pages });
    return { ...base, arms: [base.arms[0], { ...base.arms[1], change: "redirect" as const, redirectUrl }] };
  };

  it.each([
    ["https://evil.example/b", /^Visitors can only be sent to this site's own pages \(https:\/\/shop1\.myshopify\.com or https:\/\/example\.com\)/],
    ["http://example.com/b", /own pages/],
    ["https://example.com.evil.test/b", /own pages/],
    ["/", /page the test itself runs on/],
    ["https://example.com/", /page the test itself runs on/],
    ["javascript:alert(1)", /^Enter a path on this site/],
    ["//evil.example/b", /^Enter a path on this site/],
    ["/" + "x".repeat(2000), /^Keep the URL under 2000 characters$/],
  ])("refuses the redirect %j, which the snippet would never serve", (url, message) => {
    expect(errorsOf(redirect(url))["arms.1.redirectUrl"]).toMatch(message);
  });

  it.each(["/landing-b", "https://example.com/landing-b", "https://shop1.myshopify.com/b?x=1", "?view=b"])("takes the redirect %j", (url) => {
    expect(parseTestForm(redirect(url), context).ok).toBe(true);
  });

  it("refuses a redirect to a page the test's rules match, whatever the rule", () => {
    expect(errorsOf(redirect("/products/b", [{ kind: "prefix", value: "/products/" }]))).toHaveProperty("arms.1.redirectUrl");
    expect(errorsOf(redirect("/summer-sale", [{ kind: "contains", value: "sale" }]))).toHaveProperty("arms.1.redirectUrl");
    expect(parseTestForm(redirect("/landing", [{ kind: "prefix", value: "/products/" }]), context).ok).toBe(true);
    expect(redirectTargetError("/x", [], ["template:product"])).toBeNull();
    expect(redirectTargetError("https://a.test/x", [], ["/"])).toMatch(/no domain yet/);
  });

  it.each([
    ["name", (v: string) => ({ name: v }), 121, "Keep the name to 120 characters or fewer (this one has 5000)"],
    ["hypothesis", (v: string) => ({ hypothesis: v }), 2001, "Keep the hypothesis under 2000 characters"],
  ] as const)("caps the %s (a 5,000-character one is refused in words)", (field, over, _max, message) => {
    expect(errorsOf(form(over("x".repeat(5000))))).toEqual({ [field]: message });
  });

  it("caps every free-text field of a change, with a sentence", () => {
    const long = (n: number) => "x".repeat(n);
    const errors = errorsOf(
      withPatches(
        { ...emptyPatch("text"), sel: "#a", value: long(10_001) },
        { ...emptyPatch("html"), sel: "#a", value: long(50_001) },
        { ...emptyPatch("attr"), sel: "#a", name: "title", value: long(2_001) },
        { ...emptyPatch("css"), value: long(20_001) },
        { ...emptyPatch("style"), sel: "#a", declarations: `color: ${long(2_001)}` },
        { ...emptyPatch("hide"), sel: `#${long(500)}` },
        { ...emptyPatch("class"), sel: "#a", add: Array.from({ length: 21 }, (_, i) => `c${i}`).join(" ") },
      ),
    );
    expect(errors).toEqual({
      "arms.1.patches.0.value": "Keep the text under 10,000 characters",
      "arms.1.patches.1.value": "Keep the HTML under 50,000 characters",
      "arms.1.patches.2.value": "Keep the value under 2,000 characters",
      "arms.1.patches.3.value": "Keep the style sheet under 20,000 characters",
      "arms.1.patches.4.declarations": "Keep each value under 2,000 characters",
      "arms.1.patches.5.sel": "Keep the selector under 500 characters",
      "arms.1.patches.6.add": "Use at most 20 classes",
    });
  });

  it("says every error in words: no validator text reaches the form", () => {
    const base = form();
    const hostile = {
      ...base,
      name: "x".repeat(5000),
      arms: [
        { ...base.arms[0], name: "y".repeat(500) },
        {
          ...base.arms[1],
          patches: [
            { op: "text", sel: "#a", value: 5 },
            { op: "attr", sel: "#a", name: "1bad", value: "x" },
            { op: "class", sel: "#a", add: "x".repeat(101) },
            { op: "style", sel: "#a", declarations: "Bad Name: x" },
            { op: "zap", sel: "#a" },
          ],
        },
      ],
      goals: [{ kind: "custom", label: "z".repeat(65), primary: true }],
    };
    const errors = Object.values(errorsOf(hostile));
    expect(errors.length).toBeGreaterThan(5);
    for (const message of errors) {
      expect(message).toMatch(/^[A-Z"]/);
      expect(message).not.toMatch(/expected|Too big|Too small|Invalid (input|key|string)|<=|>=/);
    }
  });
});
