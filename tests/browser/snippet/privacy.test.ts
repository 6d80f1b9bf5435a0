// Guarantees 3-6 in Chromium: GPC/DNT, the consent prompt, Shopify's Customer Privacy API, typed fields.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExposureEvent } from "../../../app/wire/events";
import { HIDE_TIMEOUT_MS } from "../../../app/wire/hide";
import type { PatchesResponse } from "../../../app/wire/patches";
import { SHOP, pageConsole, sleep, startHarness, type Harness } from "./harness";
import { CONSENT_REQUIRED, DNT_NAVIGATOR, DNT_WINDOW, GPC, GRANTED, TITLE_TEST, events, hasSvc, stored, svcReady, title } from "./helpers";
import { shopifyStub } from "./shopify-stub";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("GPC and DNT (guarantee 3)", () => {
  it.each([
    ["navigator.globalPrivacyControl", GPC],
    ["navigator.doNotTrack", DNT_NAVIGATOR],
    ["window.doNotTrack", DNT_WINDOW],
  ])("%s: no request, no storage, no variant, no window.svc", async (_, init) => {
    const t = await h.newPage({ init: [init], api: { consent: { required: false }, patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html"));
    await sleep(800);
    expect(t.api()).toEqual([]);
    expect(await stored(t.page)).toEqual({ local: {}, session: {}, cookies: "" });
    expect(await hasSvc(t.page)).toBe(false);
    expect(await title(t.page)).toBe("Original title");
    // Even a merchant-declared consent does not override the visitor's signal.
    await t.page.goto(t.url("basic.html", GRANTED));
    await sleep(500);
    expect(t.api()).toEqual([]);
    expect(await hasSvc(t.page)).toBe(false);
    await t.context.close();
  });
});

describe("consent outside Shopify (guarantee 5)", () => {
  it("in a consent region: prompt first, only the Site ID and the tag's declared language (none here) sent, nothing stored, no variant", async () => {
    const t = await h.newPage({ api: { consent: CONSENT_REQUIRED, patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html"));
    const region = t.page.getByRole("region", { name: /measure your visit/i });
    await region.waitFor();
    await sleep(300);
    const consent = t.api();
    expect(consent).toHaveLength(1);
    const url = new URL(consent[0]!.url);
    expect(url.pathname).toBe("/api/consent");
    // The prompt's language is the server's choice, from the declaration and the browser's Accept-Language:
    // nothing of the visitor's rides in the query (it held one code of the browser's languages before).
    expect([...url.searchParams]).toEqual([["site", t.site], ["lang", ""]]);
    expect(consent[0]!.headers.cookie).toBeUndefined();
    expect(consent[0]!.headers.referer).toBeUndefined();
    expect(await stored(t.page)).toEqual({ local: {}, session: {}, cookies: "" });
    expect(await hasSvc(t.page)).toBe(false);
    expect(await title(t.page)).toBe("Original title");

    // Keyboard only: Tab reaches the prompt's buttons, Enter answers.
    let focused = "";
    for (let i = 0; i < 40 && focused !== "y"; i++) {
      await t.page.keyboard.press("Tab");
      focused = await t.page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.id ?? "");
    }
    expect(focused).toBe("y");
    await t.page.keyboard.press("Enter");
    await svcReady(t.page);
    expect(await title(t.page)).toBe("Variant title");
    expect(await region.count()).toBe(0);
    const s = await stored(t.page);
    expect(s.local.svc_consent).toBe("1");
    expect(s.local.svc_sid).toMatch(/^[0-9a-f]{32}$/);
    const types = (await events(t)).map((e) => e.type);
    expect(types).toContain("pageview");
    expect(types).toContain("exposure");

    // Remembered: the next pageview neither asks nor shows the prompt.
    const before = t.api("/api/consent").length;
    await t.page.reload();
    await svcReady(t.page);
    expect(t.api("/api/consent").length).toBe(before);
    expect(await t.page.locator("svc-consent").count()).toBe(0);
    await t.context.close();
  });

  it("times the variant from the shopper's consent: the wait for their answer is not counted as svc's flicker", async () => {
    const t = await h.newPage({ api: { consent: CONSENT_REQUIRED, patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html"));
    await t.page.locator("svc-consent #y").waitFor();
    await sleep(2 * HIDE_TIMEOUT_MS);
    const answeredAt = await t.page.evaluate(() => performance.now());
    await t.page.locator("svc-consent #y").click();
    await svcReady(t.page);
    expect(await title(t.page)).toBe("Variant title");
    const [exposure] = (await events(t)).filter((e): e is ExposureEvent => e.type === "exposure");
    // Counted from navigation start it would be over answeredAt (two seconds and more); from the consent, a round trip.
    expect(exposure!.msToApply).toBeLessThan(answeredAt);
    expect(exposure!.msHidden).toBe(0);
    await t.context.close();
  });

  it("a declined prompt is remembered and nothing else ever happens", async () => {
    const t = await h.newPage({ api: { consent: CONSENT_REQUIRED, patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html"));
    await t.page.getByRole("button", { name: "No thanks" }).click();
    await sleep(300);
    expect(await stored(t.page)).toEqual({ local: { svc_consent: "0" }, session: {}, cookies: "" });
    await t.page.reload();
    await sleep(500);
    expect(t.api().map((r) => new URL(r.url).pathname)).toEqual(["/api/consent"]);
    expect(await t.page.locator("svc-consent").count()).toBe(0);
    expect(await hasSvc(t.page)).toBe(false);
    await t.context.close();
  });

  it("the prompt is isolated from the page's CSS", async () => {
    const t = await h.newPage({ api: { consent: CONSENT_REQUIRED } });
    await t.page.goto(t.url("basic.html"));
    await t.page.addStyleTag({ content: "button{display:none!important} *{color:rgb(255,0,0)!important}" });
    const allow = t.page.getByRole("button", { name: "Allow" });
    await allow.waitFor();
    expect(await allow.isVisible()).toBe(true);
    expect(await allow.evaluate((b) => getComputedStyle(b).color)).toBe("rgb(255, 255, 255)");
    await t.context.close();
  });

  it("no consent needed in this region: runs without a prompt", async () => {
    const t = await h.newPage({ api: { consent: { required: false }, patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html"));
    await svcReady(t.page);
    expect(await t.page.locator("svc-consent").count()).toBe(0);
    expect((await stored(t.page)).local.svc_consent).toMatch(/^n\d+$/);
    await t.context.close();
  });

  it('data-svc-consent="granted" skips /api/consent entirely', async () => {
    const t = await h.newPage({ api: { consent: CONSENT_REQUIRED, patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    expect(t.api("/api/consent")).toEqual([]);
    expect(await t.page.locator("svc-consent").count()).toBe(0);
    expect(await title(t.page)).toBe("Variant title");
    await t.context.close();
  });
});

describe("Shopify Customer Privacy API (guarantee 4)", () => {
  const PRODUCT_TEST: PatchesResponse = {
    ttl: 300,
    tests: [{ test: "t_price", arm: "b", pages: ["/pages/shopify.html"], patches: [{ op: "text", sel: ".price", value: "$45.00" }] }],
  };
  const embed = { attrs: { "data-svc-shop": SHOP } };

  it("waits for analytics consent, then collects to /api/collect and saves the session on the cart", async () => {
    const t = await h.newPage({ init: [shopifyStub({ analytics: false })], api: { patches: PRODUCT_TEST } });
    await t.page.goto(t.url("shopify.html", embed));
    await t.page.waitForFunction(() => (window as any).__shopify.state.loadCalls.length === 1);
    await sleep(300);
    expect(await t.page.evaluate(() => (window as any).__shopify.state.loadCalls[0])).toEqual([
      { name: "consent-tracking-api", version: "0.1" },
    ]);
    expect(t.api()).toEqual([]);
    expect(await stored(t.page)).toEqual({ local: {}, session: {}, cookies: "" });
    expect(await hasSvc(t.page)).toBe(false);
    expect(await t.page.textContent(".price")).toBe("$50.00");
    expect(await t.page.locator("svc-consent").count()).toBe(0);

    await t.page.evaluate(() => (window as any).__shopify.setConsent(true));
    await svcReady(t.page);
    expect(await t.page.textContent(".price")).toBe("$45.00");
    const sid = (await stored(t.page)).local.svc_sid;
    const cart = t.requests.filter((r) => r.url.endsWith("/cart/update.js"));
    expect(cart).toHaveLength(1);
    expect(JSON.parse(cart[0]!.body!)).toEqual({ attributes: { _svc_sid: sid } });
    const evs = await events(t);
    expect(t.api("/api/events")).toEqual([]);
    const batch = t.batches()[0]!;
    expect(batch).toMatchObject({ v: 1, site: t.site, shop: SHOP, sid });
    expect(evs.map((e) => e.type)).toEqual(expect.arrayContaining(["pageview", "exposure"]));
    expect(t.api("/api/consent")).toEqual([]);

    // Once per session: the next pageview does not write the cart again.
    await t.page.reload();
    await svcReady(t.page);
    await sleep(200);
    expect(t.requests.filter((r) => r.url.endsWith("/cart/update.js"))).toHaveLength(1);
    await t.context.close();
  });

  it("withdrawn consent stops collection and forgets the ids", async () => {
    const t = await h.newPage({ init: [shopifyStub({ analytics: true, preloaded: true })], api: { patches: PRODUCT_TEST } });
    await t.page.goto(t.url("shopify.html", embed));
    await svcReady(t.page);
    await t.page.evaluate(() => (window as any).__shopify.setConsent(false));
    expect(await hasSvc(t.page)).toBe(false);
    expect((await stored(t.page)).local).toEqual({});
    const sent = t.api().length;
    await t.page.click("#add");
    await events(t);
    expect(t.api().length).toBe(sent);
    await t.context.close();
  });

  it("does nothing in the theme editor", async () => {
    const t = await h.newPage({ init: [shopifyStub({ analytics: true, preloaded: true, designMode: true })], api: { patches: PRODUCT_TEST } });
    await t.page.goto(t.url("shopify.html", embed));
    await sleep(500);
    expect(t.api()).toEqual([]);
    expect(await hasSvc(t.page)).toBe(false);
    await t.context.close();
  });
});

describe("typed contents are never sent (guarantee 6)", () => {
  it("no request carries what the visitor typed, in any field", async () => {
    const secrets = ["jane.doe@example.com", "hunter2-Secret!", "4111111111111111", "my private note"];
    const patches: PatchesResponse = {
      ttl: 300,
      tests: [
        {
          test: "t_form",
          arm: "b",
          pages: ["*"],
          goals: [
            { kind: "submit", goal: "signup", sel: "form.newsletter" },
            { kind: "click", goal: "buy-click", sel: "#buy" },
          ],
        },
      ],
    };
    const t = await h.newPage({ api: { patches } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    await t.page.fill("#email", secrets[0]!);
    await t.page.click("#password");
    await t.page.keyboard.type(secrets[1]!);
    await t.page.fill("#card", secrets[2]!);
    await t.page.fill("#notes", secrets[3]!);
    await t.page.selectOption("#size", "M");
    await t.page.click("#buy");
    await t.page.click("#submit");
    const evs = await events(t);
    expect(evs.map((e) => e.type)).toEqual(expect.arrayContaining(["click", "conversion"]));
    expect(evs.filter((e) => e.type === "conversion").map((e) => (e as { goal: string }).goal).sort()).toEqual(["buy-click", "signup"]);
    for (const r of t.requests) for (const secret of [...secrets, "jane.doe", "hunter2"]) {
      expect(r.url).not.toContain(secret);
      expect(r.body ?? "").not.toContain(secret);
    }
    expect(pageConsole(t.console)).toEqual([]);
    await t.context.close();
  });
});
