import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { compileAppEmbed, renderAppEmbed, type AppEmbedGlobals, type AppMetafield } from "./render-app-embed.server";

const BASE = "https://svc.example.com";
const SITE = "k3v9q2m7x1c8b4n6";
const SHOP = "ceramics.myshopify.com";

function globals(svc: { base_url?: AppMetafield; site_id?: AppMetafield } | undefined, overrides: Partial<AppEmbedGlobals> = {}): AppEmbedGlobals {
  return {
    app: { metafields: svc === undefined ? {} : { svc } },
    shop: { permanent_domain: SHOP },
    template: { name: "product" },
    request: { design_mode: false },
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
    expect(html.trim()).toBe(`<script src="${BASE}/snippet.js" async data-svc-site="${SITE}" data-svc-shop="${SHOP}" data-svc-template="product"></script>`);
    expect(html.match(/<script/g)).toHaveLength(1);
    const [script] = scriptsIn(html);
    expect(script?.getAttribute("src")).toBe(`${BASE}/snippet.js`);
    expect(script?.hasAttribute("async")).toBe(true);
    expect(script?.getAttribute("data-svc-site")).toBe(SITE);
    expect(script?.getAttribute("data-svc-shop")).toBe(SHOP);
    expect(script?.getAttribute("data-svc-template")).toBe("product");
  });

  it("prints the page's template name, escaped", () => {
    const html = renderAppEmbed(globals({ base_url: BASE, site_id: SITE }, { template: { name: 'customers/account"><x' } }));
    expect(scriptsIn(html)[0]?.getAttribute("data-svc-template")).toBe('customers/account"><x');
    expect(html).not.toContain("<x");
  });

  it("accepts plain metafield values as well", () => {
    const html = renderAppEmbed(globals({ base_url: BASE, site_id: SITE }));
    expect(html.trim()).toBe(`<script src="${BASE}/snippet.js" async data-svc-site="${SITE}" data-svc-shop="${SHOP}" data-svc-template="product"></script>`);
  });

  it("prints nothing in the theme editor", () => {
    const html = renderAppEmbed(globals({ base_url: { value: BASE }, site_id: { value: SITE } }, { request: { design_mode: true } }));
    expect(html.trim()).toBe("");
  });

  it("prints nothing before the app has written its metafields, or when one is missing or blank", () => {
    const cases: Array<{ base_url?: AppMetafield; site_id?: AppMetafield } | undefined> = [
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
    expect(html).not.toContain(site);
    expect(html).not.toContain(shop);
    const scripts = scriptsIn(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute("data-svc-site")).toBe(site);
    expect(scripts[0]?.getAttribute("data-svc-shop")).toBe(shop);
    expect(scripts[0]?.getAttribute("src")).toBe(`${base}/snippet.js`);
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
