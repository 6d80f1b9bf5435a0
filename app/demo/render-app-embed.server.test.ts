import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { buildHidePlan, selectorsToHide, type HidePlan, type HideSourceTest } from "~/domain/shopify/hide-plan";
import { HIDE_ATTRIBUTE, hideCss } from "~/wire/hide";
import { matchesAnyPath } from "~/wire";
import { compileAppEmbed, renderAppEmbed, type AppEmbedGlobals } from "./render-app-embed.server";

const BASE = "https://svc.example.com";
const SITE = "k3v9q2m7x1c8b4n6";
const SHOP = "ceramics.myshopify.com";
/** What the embed prints before the snippet's tag: the connections, no-cors for the script and cors for the API. */
const LINKS = `<link rel="preconnect" href="${BASE}"><link rel="preconnect" href="${BASE}" crossorigin>`;

type SvcMetafields = NonNullable<AppEmbedGlobals["app"]["metafields"]["svc"]>;

function globals(svc: SvcMetafields | undefined, overrides: Partial<AppEmbedGlobals> = {}): AppEmbedGlobals {
  return {
    app: { metafields: svc === undefined ? {} : { svc } },
    shop: { permanent_domain: SHOP },
    template: { name: "product" },
    request: { design_mode: false, path: "/products/mug", locale: { iso_code: "en" } },
    localization: { market: { handle: "us" } },
    cart: { currency: { iso_code: "USD" } },
    customer: null,
    ...overrides,
  };
}

/** The script elements a browser would build from this head markup, attributes decoded. */
function scriptsIn(html: string): HTMLScriptElement[] {
  const { document } = new Window();
  document.head.innerHTML = html;
  return [...document.querySelectorAll("script")] as unknown as HTMLScriptElement[];
}

describe("renderAppEmbed (the real extensions/svc-embed block)", () => {
  it("prints exactly one snippet tag from Shopify's metafield objects", () => {
    const html = renderAppEmbed(globals({ base_url: { value: BASE }, site_id: { value: SITE } }));
    expect(html.trim()).toBe(`${LINKS}<script src="${BASE}/snippet.js?for=shopify" async data-svc-site="${SITE}" data-svc-shop="${SHOP}" data-svc-template="product" data-svc-aud="us%7Cen%7CUSD%7C0"></script>`);
    expect(html.match(/<script/g)).toHaveLength(1);
    const [script] = scriptsIn(html);
    expect(script?.getAttribute("src")).toBe(`${BASE}/snippet.js?for=shopify`);
    expect(script?.hasAttribute("async")).toBe(true);
    expect(script?.getAttribute("data-svc-site")).toBe(SITE);
    expect(script?.getAttribute("data-svc-shop")).toBe(SHOP);
    expect(script?.getAttribute("data-svc-template")).toBe("product");
  });

  it("prints the Shopify facts of the audience rules as one URL-safe attribute: market, language, currency, customer", () => {
    const html = renderAppEmbed(
      globals({ base_url: BASE, site_id: SITE }, { localization: { market: { handle: "europe" } }, cart: { currency: { iso_code: "EUR" } }, customer: { id: 7 } }),
    );
    expect(scriptsIn(html)[0]?.getAttribute("data-svc-aud")).toBe("europe%7Cen%7CEUR%7C1");
    // Where Liquid knows none of them (nil), the parts are empty and the customer a guest.
    const bare = renderAppEmbed({ ...globals({ base_url: BASE, site_id: SITE }), localization: undefined, cart: undefined, request: { design_mode: false, path: "/" } });
    expect(scriptsIn(bare)[0]?.getAttribute("data-svc-aud")).toBe("%7C%7C%7C0");
  });

  it("prints the page's template name, escaped", () => {
    const html = renderAppEmbed(globals({ base_url: BASE, site_id: SITE }, { template: { name: 'customers/account"><x' } }));
    expect(scriptsIn(html)[0]?.getAttribute("data-svc-template")).toBe('customers/account"><x');
    expect(html).not.toContain("<x");
  });

  it("accepts plain metafield values as well", () => {
    const html = renderAppEmbed(globals({ base_url: BASE, site_id: SITE }));
    expect(html.trim()).toBe(`${LINKS}<script src="${BASE}/snippet.js?for=shopify" async data-svc-site="${SITE}" data-svc-shop="${SHOP}" data-svc-template="product" data-svc-aud="us%7Cen%7CUSD%7C0"></script>`);
  });

  it("prints nothing in the theme editor", () => {
    const html = renderAppEmbed(globals({ base_url: { value: BASE }, site_id: { value: SITE } }, { request: { design_mode: true, path: "/" } }));
    expect(html.trim()).toBe("");
  });

  it("prints nothing before the app has written its metafields, or when one is missing or blank", () => {
    const cases: Array<SvcMetafields | undefined> = [
      undefined,
      {},
      { base_url: { value: BASE } },
      { site_id: { value: SITE } },
      { base_url: BASE, site_id: null },
      { base_url: { value: "" }, site_id: { value: SITE } },
      { base_url: { value: BASE }, site_id: { value: "   " } },
      { base_url: "", site_id: SITE },
    ];
    for (const svc of cases) expect(renderAppEmbed(globals(svc)).trim(), JSON.stringify(svc)).toBe("");
  });

  it("escapes the Site ID, the base URL and the shop domain, so no value can leave its attribute", () => {
    const site = `a"<>&b`;
    const shop = `x"><script>alert(1)</script>.myshopify.com`;
    const base = `https://svc.example.com/?q="<&>`;
    const html = renderAppEmbed(globals({ base_url: { value: base }, site_id: { value: site } }, { shop: { permanent_domain: shop } }));
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<link/g)).toHaveLength(2);
    expect(html).not.toContain(site);
    expect(html).not.toContain(shop);
    const scripts = scriptsIn(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute("data-svc-site")).toBe(site);
    expect(scripts[0]?.getAttribute("data-svc-shop")).toBe(shop);
    expect(scripts[0]?.getAttribute("src")).toBe(`${base}/snippet.js?for=shopify`);
  });

  it("never prints the block's comment or schema", () => {
    const html = renderAppEmbed(globals({ base_url: BASE, site_id: SITE }));
    expect(html).not.toMatch(/schema|"target"|app-data|comment/i);
  });
});

describe("compileAppEmbed", () => {
  const schema = (json: string) => `{% if true %}ok{% endif %}{% schema %}${json}{% endschema %}`;

  it("swallows a valid schema", () => {
    expect(compileAppEmbed(schema('{ "name": "x", "target": "head" }'))(globals(undefined))).toBe("ok");
  });

  it("fails on a schema that is not a JSON object, or not closed", () => {
    expect(() => compileAppEmbed(schema('{ "name": "x", }'))).toThrow(/schema.*not valid JSON/);
    expect(() => compileAppEmbed(schema("[1]"))).toThrow(/schema.*not a JSON object/);
    expect(() => compileAppEmbed('{% schema %}{ "name": "x" }')).toThrow(/not closed/);
  });

  it("fails on a filter liquidjs does not know rather than printing the value unfiltered", () => {
    expect(() => compileAppEmbed("{{ shop.permanent_domain | no_such_filter }}")).toThrow(/no_such_filter/);
  });
});

/** The hiding styles and scripts a browser would build from this head markup, in document order. */
function headElements(html: string): Array<{ tag: string; hide: boolean; text: string }> {
  const { document } = new Window();
  document.head.innerHTML = html;
  // The connection and preload links are the same on every page (checked above).
  return [...document.head.children]
    .filter((el) => el.tagName !== "LINK")
    .map((el) => ({ tag: el.tagName.toLowerCase(), hide: el.hasAttribute(HIDE_ATTRIBUTE), text: el.textContent ?? "" }));
}

function source(id: string, pages: string[], sels: string[]): HideSourceTest {
  return {
    id,
    status: "running",
    pages,
    startedAt: new Date(Date.UTC(2026, 10, 1) + id.length),
    arms: [{ patches: [], redirectUrl: null }, { patches: sels.map((sel) => ({ op: "hide", sel })), redirectUrl: null }],
  };
}

describe("the hiding style (svc.hide)", () => {
  const plan = buildHidePlan({
    status: "active",
    tests: [
      source("a", ["/products/*"], ["#product-title", ".price > span"]),
      source("bb", ["template:collection", "/"], ['a[href*="sale"]']),
      source("ccc", ["/collections/*/products/*-sale", "/pages/about"], [".badge"]),
    ],
  });
  const render = (path: string, template: string, hide: HidePlan | null = plan, design_mode = false) =>
    renderAppEmbed(globals({ base_url: { value: BASE }, site_id: { value: SITE }, hide: hide && { value: hide } }, { template: { name: template }, request: { design_mode, path } }));

  const pages: Array<[string, string]> = [
    ["/products/mug", "product"],
    ["/products/mug/", "product"],
    ["/products", "product"],
    ["/", "index"],
    ["//", "index"],
    ["/collections/all", "collection"],
    ["/collections/mugs/products/big-sale", "product"],
    ["/collections/mugs/products/big-sale/", "product"],
    ["/collections/products/-sale", "product"],
    ["/pages/about", "page"],
    ["/pages/about/us", "page"],
    ["/blogs/news", "blog"],
  ];

  it.each(pages)("on %s (%s) prints exactly hideCss of the matching tests' selectors, before the snippet tag", (path, template) => {
    const expected = hideCss(selectorsToHide(plan, path, template));
    const elements = headElements(render(path, template));
    if (expected) {
      expect(elements.map((e) => [e.tag, e.hide])).toEqual([["style", true], ["script", false]]);
      expect(elements[0]?.text).toBe(expected);
    } else {
      expect(elements.map((e) => e.tag)).toEqual(["script"]);
    }
  });

  it("hides on every page the tests' own patterns match, and on the product page exactly the product test's elements", () => {
    const tests = [source("t", ["/products/*", "template:collection"], ["#x"])];
    const single = buildHidePlan({ status: "active", tests });
    for (const [path, template] of pages) {
      if (matchesAnyPath(tests[0]!.pages, path, template)) expect(render(path, template, single), path).toContain("<style data-svc-hide>");
    }
    expect(headElements(render("/products/mug", "product"))[0]?.text).toBe(
      "@keyframes svc-hide{from,to{opacity:0}}:is(#product-title,.price > span):not(html,head,body){animation:svc-hide 1000ms}",
    );
  });

  it("agrees with selectorsToHide on 400 random patterns and paths", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const word = (n: number, letters: string) => Array.from({ length: n }, () => letters[Math.floor(rand() * letters.length)]).join("");
    let hidden = 0;
    for (let i = 0; i < 400; i++) {
      const randomPlan = buildHidePlan({
        status: "active",
        tests: [source("r1", ["/" + word(4, "ab/*-")], ["#one"]), source("r22", [word(5, "/ab*-"), "template:product"], [".two"])],
      });
      const path = "/" + word(Math.floor(rand() * 6), "ab/-");
      const template = rand() < 0.2 ? "product" : "page";
      const expected = hideCss(selectorsToHide(randomPlan, path, template));
      const style = headElements(render(path, template, randomPlan)).find((e) => e.hide);
      expect(style?.text ?? "", `${JSON.stringify(randomPlan.tests.map((t) => t.pages))} on ${path} (${template})`).toBe(expected);
      if (expected) hidden++;
    }
    expect(hidden).toBeGreaterThan(40);
  });

  it("prints no style on pages no test targets, without a plan, for another version of the plan, or for an empty one", () => {
    expect(render("/blogs/news", "blog")).not.toContain("<style");
    expect(render("/products/mug", "product", null)).not.toContain("<style");
    expect(render("/products/mug", "product", { ...plan, v: 2 } as unknown as HidePlan)).not.toContain("<style");
    expect(render("/products/mug", "product", buildHidePlan({ status: "active", tests: [] }))).not.toContain("<style");
    expect(headElements(render("/blogs/news", "blog")).map((e) => e.tag)).toEqual(["script"]);
  });

  it("prints nothing at all in the theme editor, or without the base URL or Site ID", () => {
    expect(render("/products/mug", "product", plan, true).trim()).toBe("");
    const hide = { value: plan };
    const request = { design_mode: false, path: "/products/mug" };
    expect(renderAppEmbed(globals({ site_id: { value: SITE }, hide }, { request })).trim()).toBe("");
    expect(renderAppEmbed(globals({ base_url: { value: BASE }, hide }, { request })).trim()).toBe("");
  });

  it("never matches a template test on a page with no template", () => {
    const tpl = buildHidePlan({ status: "active", tests: [source("t", ["template:product"], ["#x"])] });
    expect(render("/products/mug", "", tpl)).not.toContain("<style");
    expect(render("/products/mug", "product", tpl)).toContain("<style data-svc-hide>");
  });
});

describe("the page's local plan (svc.hide's l, a and b)", () => {
  const entry = (id: string, extra = "") => JSON.stringify({ id, p: 100, a: [[2 ** 32, { test: id, arm: `${id}-a`, pages: ["*"], patches: [{ op: "html", sel: "#x", value: `</script><b>${extra}` }] }]] }).replace(/</g, "\\u003c");
  const l = JSON.stringify({ s: "site-internal-id" });
  const plan: HidePlan = {
    v: 1,
    tests: [
      { id: "prod", pages: [{ pre: "/products/" }], sel: ["#title"], a: entry("prod") },
      { id: "redir", pages: [{ eq: "/" }], sel: [], a: entry("redir") },
      { id: "all", pages: [{}], sel: [], a: entry("all", "&amp;") },
      { id: "server", pages: [{ tpl: "page" }], sel: [".x"] },
    ],
    l,
    b: "AbC_12-xyz09",
  };
  const render = (path: string, template: string, hide: HidePlan = plan) =>
    renderAppEmbed(globals({ base_url: { value: BASE }, site_id: { value: SITE }, hide: { value: hide } }, { template: { name: template }, request: { design_mode: false, path } }));
  const printed = (html: string) => {
    const { document } = new Window();
    document.head.innerHTML = html;
    const el = document.querySelector("script[data-svc-plan]");
    return { plan: el && JSON.parse(el.textContent ?? ""), scripts: document.querySelectorAll("script").length, src: document.querySelector("script[src]")?.getAttribute("src") };
  };

  it("prints the site part and exactly the entries of the tests whose checks hold here, in the plan's order", () => {
    expect(printed(render("/products/mug", "product")).plan).toEqual({ l: JSON.parse(l), t: [JSON.parse(entry("prod")), JSON.parse(entry("all", "&amp;"))] });
    expect(printed(render("/", "index")).plan).toEqual({ l: JSON.parse(l), t: [JSON.parse(entry("redir")), JSON.parse(entry("all", "&amp;"))] });
  });

  it("keeps markup in the entries inside the plan's script element", () => {
    const { plan: shown, scripts } = printed(render("/products/mug", "product"));
    expect(scripts).toBe(2);
    expect(shown.t[0].a[0][1].patches[0].value).toBe("</script><b>");
  });

  it("prints no plan on a page with a test only the server decides, or without the site part", () => {
    expect(printed(render("/pages/about", "page")).plan).toBeNull();
    expect(printed(render("/products/mug", "product", { ...plan, l: undefined })).plan).toBeNull();
    // The tests still hide as before.
    expect(render("/pages/about", "page")).toContain("<style data-svc-hide>");
  });

  it("on a page no test of a complete plan targets, prints no tag but the loader that adds it after the first paint", () => {
    const untargeted: HidePlan = { ...plan, tests: plan.tests.filter((t) => t.id !== "all") };
    const { document } = new Window();
    document.head.innerHTML = render("/blogs/news", "blog", untargeted);
    expect(document.querySelector("script[src]")).toBeNull();
    const loader = document.querySelector("script[data-svc-src]");
    expect(loader?.getAttribute("data-svc-src")).toBe(`${BASE}/snippet.js?for=shopify&v=AbC_12-xyz09`);
    expect([loader?.getAttribute("data-svc-site"), loader?.getAttribute("data-svc-shop"), loader?.getAttribute("data-svc-template")]).toEqual([SITE, SHOP, "blog"]);
    expect(loader?.textContent).toContain("first-contentful-paint");
    // The plan still says no test is here, so the snippet makes no request for one.
    expect(printed(render("/blogs/news", "blog", untargeted)).plan).toEqual({ l: JSON.parse(l), t: [] });
  });

  it("prints the tag itself wherever a test may apply, or the plan may not know every test", () => {
    const untargeted: HidePlan = { ...plan, tests: plan.tests.filter((t) => t.id !== "all") };
    const tagOf = (html: string) => {
      const { document } = new Window();
      document.head.innerHTML = html;
      return { src: document.querySelector("script[src]")?.getAttribute("src") ?? null, loader: document.querySelector("script[data-svc-src]") !== null };
    };
    const src = `${BASE}/snippet.js?for=shopify&v=AbC_12-xyz09`;
    // A test decided here (local), one only the server decides, one that only redirects (hides nothing), a plan without its `l`.
    expect(tagOf(render("/products/mug", "product", untargeted))).toEqual({ src, loader: false });
    expect(tagOf(render("/pages/about", "page", untargeted))).toEqual({ src, loader: false });
    expect(tagOf(render("/", "index", untargeted))).toEqual({ src, loader: false });
    expect(tagOf(render("/blogs/news", "blog", { ...untargeted, l: undefined }))).toEqual({ src, loader: false });
    // Another version of the plan is not read at all: no loader, and no plan printed.
    expect(tagOf(render("/blogs/news", "blog", { ...untargeted, v: 2 } as unknown as HidePlan))).toEqual({ src, loader: false });
    expect(printed(render("/blogs/news", "blog", { ...untargeted, v: 2 } as unknown as HidePlan)).plan).toBeNull();
  });

  it("on a price test's pages only, prints its prices, the price elements' own hiding style and the price bundle's tag", () => {
    const priced: HidePlan = {
      ...plan,
      tests: [...plan.tests, { id: "price", pages: [{ pre: "/products/" }], sel: ["[data-svc-price]"], pr: '{"arm-b":{"42":24}}' }],
      p: "Pr1c3_v-9",
    };
    const { document } = new Window();
    document.head.innerHTML = renderAppEmbed({
      ...globals({ base_url: { value: BASE }, site_id: { value: SITE }, hide: { value: priced } }),
      shop: { permanent_domain: SHOP, money_format: "${{amount}} <b>" },
    });
    expect(JSON.parse(document.querySelector("script[data-svc-prices]")?.textContent ?? "null")).toEqual([{ "arm-b": { "42": 24 } }]);
    // The same hiding as the core's (hideCss: one animation, shown by CSS alone), under its own attribute.
    expect(document.querySelector("style[data-svc-price-hide]")?.textContent).toBe(hideCss(["[data-svc-price]"]));
    const bundle = [...document.querySelectorAll("script[src]")].find((el) => el.getAttribute("src")?.includes("for=shopify-price"));
    expect(bundle?.getAttribute("src")).toBe(`${BASE}/snippet.js?for=shopify-price&v=Pr1c3_v-9`);
    expect(bundle?.hasAttribute("async")).toBe(true);
    expect(bundle?.getAttribute("data-svc-money")).toBe("${{amount}} <b>");
    // The core's style hides the price elements too: its reveal is when the price bundle may show them.
    expect(document.querySelector(`style[${HIDE_ATTRIBUTE}]`)?.textContent).toContain("[data-svc-price]");
    // Elsewhere nothing of it.
    const about = render("/pages/about", "page", priced);
    expect(about).not.toContain("data-svc-prices");
    expect(about).not.toContain("shopify-price");
    expect(about).not.toContain("data-svc-price-hide");
  });

  it("names the embed's build and its version in the snippet's URL, escaped", () => {
    expect(printed(render("/products/mug", "product")).src).toBe(`${BASE}/snippet.js?for=shopify&v=AbC_12-xyz09`);
    expect(printed(render("/products/mug", "product", { ...plan, b: '"><x' })).src).toBe(`${BASE}/snippet.js?for=shopify&v="><x`);
    expect(render("/products/mug", "product", { ...plan, b: '"><x' })).not.toContain("<x");
  });
});
