// The web pixel (extensions/svc-pixel) on Shopify's checkout_completed, reporting to the real server over HTTP.
//
// Shopify's pixel runtime is stood in by its documented surface only (@shopify/web-pixels-extension's
// types): the `shopify.extend` global that `register` calls, `analytics.subscribe`, the async
// `browser.localStorage`, `init.data.shop` and `settings`. The pixel's own entry (src/index.ts) is
// loaded as Shopify loads it, and its fetch goes to the server unchanged; the test only watches it.
import { randomBytes } from "node:crypto";
import type { ExtensionApi, PixelEventsCheckoutCompleted, ShopifyGlobal } from "@shopify/web-pixels-extension";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { seedShop, seedSite } from "../support/seed";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { oneDatabaseKind } from "../support/databases";

const SHOP = "svc-pixel-test.myshopify.com";
const SITE = "pixel-site-01";
const ORDER = "5550001234";

/** The pixel's subscriber, once Shopify's runtime has handed it an API. */
type Extend = (api: ExtensionApi) => void;

interface StandIn {
  /** The pixel's settings (webPixelCreate); the server under test and the seeded site when left out. */
  settings?: Record<string, unknown> | null;
  storage?: Record<string, string>;
  shop?: string;
  getItem?: (key: string) => Promise<string | null>;
}

/** Shopify's runtime for one page: gives the pixel its API and publishes events to what it subscribed. */
function pixelPage(extend: Extend, standIn: StandIn = {}) {
  const subscribers = new Map<string, Array<(event: unknown) => unknown>>();
  const storage = standIn.storage ?? {};
  const api = {
    settings: standIn.settings !== undefined ? standIn.settings : { siteId: SITE, baseUrl: ctx.server.url },
    analytics: {
      subscribe(name: string, callback: (event: unknown) => unknown) {
        subscribers.set(name, [...(subscribers.get(name) ?? []), callback]);
        return () => true;
      },
    },
    browser: {
      localStorage: {
        getItem: standIn.getItem ?? (async (key: string) => storage[key] ?? null),
        setItem: async () => undefined,
        removeItem: async () => undefined,
        clear: async () => undefined,
        key: async () => null,
        length: async () => Object.keys(storage).length,
      },
    },
    init: {
      context: {},
      data: { customer: null, cart: null, purchasingCompany: null, shop: { myshopifyDomain: standIn.shop ?? SHOP, name: "Ceramics", countryCode: "DE", storefrontUrl: "https://ceramics.example" } },
      customerPrivacy: { analyticsProcessingAllowed: true, marketingAllowed: false, preferencesProcessingAllowed: false, saleOfDataAllowed: false },
    },
    customerPrivacy: { subscribe: () => () => true },
    _pixelInfo: {},
  };
  extend(api as unknown as ExtensionApi);
  return {
    /** Runs every subscriber of `name` and waits for them (the pixel's handler is async). */
    publish: (name: string, event: unknown) => Promise.all((subscribers.get(name) ?? []).map((callback) => callback(event))),
  };
}

/** A checkout_completed event as Shopify documents it (PixelEventsCheckoutCompleted), personal data included. */
function checkoutCompleted(options: { orderId?: unknown; pathname?: string } = {}) {
  // `in`, not defaults: a test may give an undefined order id or no page on purpose.
  const orderId = "orderId" in options ? options.orderId : `gid://shopify/OrderIdentity/${ORDER}`;
  const pathname = "pathname" in options ? options.pathname : "/checkouts/cn/Z2NwLXVz/thank-you";
  const money = (amount: number) => ({ amount, currencyCode: "EUR" });
  const address = { firstName: "Ada", lastName: "Lovelace", address1: "1 Analytical Way", city: "London", zip: "N1 7GU", country: "United Kingdom", countryCode: "GB", phone: "+44 20 7946 0000" };
  return {
    id: "sh-88b1b9e6-0A3C-4C6F-8B39-2B5B1A7E1B3D",
    name: "checkout_completed",
    type: "standard",
    seq: 3,
    clientId: "c1f2d7a9-0000-4000-8000-000000000001",
    timestamp: "2026-11-24T10:15:30.000Z",
    context: pathname === undefined ? {} : { document: { location: { pathname, href: `https://ceramics.example${pathname}?token=secret`, search: "?token=secret" }, title: "Thank you", referrer: "" } },
    data: {
      checkout: {
        token: "checkout-token-secret",
        email: "ada@example.com",
        phone: "+44 20 7946 0000",
        currencyCode: "EUR",
        totalPrice: money(123.45),
        subtotalPrice: money(110),
        totalTax: money(13.45),
        discountsAmount: money(0),
        attributes: [{ key: "_svc_sid", value: "from-the-cart" }],
        billingAddress: address,
        shippingAddress: address,
        lineItems: [{ id: "li-1", quantity: 2, title: "Stoneware mug", variant: { id: "v-1", price: money(55), product: { title: "Stoneware mug" } } }],
        order: { id: orderId, customer: { id: "gid://shopify/Customer/42", isFirstOrder: true } },
      },
    },
  } as unknown as PixelEventsCheckoutCompleted;
}

const newId = () => randomBytes(9).toString("base64url");

const ctx = useServer(oneDatabaseKind, { ...SHOPIFY_TEST_ENV }, {
  // The shop's Shopify site, as the app creates it at install: /api/collect takes only such a site, and only from its shop.
  async seed(sql) {
    await seedShop(sql, { domain: SHOP, currency: "EUR" });
    await seedSite(sql, { shop: SHOP, id: SITE, kind: "shopify", name: "Ceramics" });
  },
});

describe("the svc web pixel", () => {
  let extend: Extend;
  let fetchSpy: MockInstance<typeof fetch>;

  beforeAll(async () => {
    // What Shopify's sandbox provides before running the bundle: `register` hands the pixel to shopify.extend.
    const extensions: Extend[] = [];
    const shopify: ShopifyGlobal = { extend: (_point, fn) => void extensions.push(fn) };
    vi.stubGlobal("shopify", shopify);
    await import("../../extensions/svc-pixel/src/index");
    vi.unstubAllGlobals();
    expect(extensions).toHaveLength(1);
    extend = extensions[0] as Extend;
  });

  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, "fetch"); // watches, and still sends
  });
  afterEach(() => {
    fetchSpy.mockRestore();
  });

  /** What the pixel passed to fetch, and what the server answered it. */
  async function sent() {
    return Promise.all(
      fetchSpy.mock.calls.map(async ([url, init], i) => {
        const response = await (fetchSpy.mock.results[i]?.value as Promise<Response>);
        return { url: String(url), init: init ?? {}, status: response.status, answer: (await response.json()) as unknown };
      }),
    );
  }

  it("reports the order to /api/collect with ids only, and the server accepts it", async () => {
    const vid = newId();
    const sid = newId();
    const page = pixelPage(extend, { storage: { svc_vid: vid, svc_sid: sid } });
    const before = Date.now();
    await page.publish("checkout_completed", checkoutCompleted());

    const requests = await sent();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(`${ctx.server.url}/api/collect`);
    expect(request?.init).toMatchObject({ method: "POST", keepalive: true });
    // A string body: fetch sends it as text/plain, a CORS simple request with no preflight.
    expect(typeof request?.init.body).toBe("string");
    const body = JSON.parse(request?.init.body as string);
    expect(body).toEqual({
      v: 1,
      site: SITE,
      vid,
      sid,
      shop: SHOP,
      sent: expect.any(Number),
      events: [
        {
          type: "checkout",
          id: `checkout-${ORDER}`,
          ts: Date.parse("2026-11-24T10:15:30.000Z"),
          path: "/checkouts/cn/Z2NwLXVz/thank-you",
          order: ORDER,
          // The checkout's token (an id, which the order webhook carries too): a report that arrives before
          // the order counts only when it names the order's checkout (issue 20, row 7).
          checkout: "checkout-token-secret",
        },
      ],
    });
    expect(body.sent).toBeGreaterThanOrEqual(before);
    for (const leak of ["ada@example.com", "Lovelace", "+44", "123.45", "110", "Stoneware", "EUR", "Customer/42"]) {
      expect(request?.init.body, leak).not.toContain(leak);
    }

    // The server's side of checkout events is another change in flight: this is the intended answer.
    expect(request?.status).toBe(200);
    expect(request?.answer).toMatchObject({ accepted: 1, duplicates: 0, rejected: 0 });
  });

  it("reports an order once: the same checkout published again is a duplicate to the server", async () => {
    const storage = { svc_vid: newId(), svc_sid: newId() };
    const order = "5550009999";
    await pixelPage(extend, { storage }).publish("checkout_completed", checkoutCompleted({ orderId: order }));
    await pixelPage(extend, { storage }).publish("checkout_completed", checkoutCompleted({ orderId: Number(order) }));
    const [first, again] = await sent();
    expect(JSON.parse(first?.init.body as string).events[0]).toMatchObject({ id: `checkout-${order}`, order });
    expect(JSON.parse(again?.init.body as string).events).toEqual(JSON.parse(first?.init.body as string).events);
    expect(first?.answer).toMatchObject({ accepted: 1 });
    expect(again?.answer).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  it("sends the root path when the event has no page, and cuts a long path", async () => {
    const storage = { svc_vid: newId(), svc_sid: newId() };
    await pixelPage(extend, { storage }).publish("checkout_completed", checkoutCompleted({ orderId: "5550000001", pathname: undefined }));
    await pixelPage(extend, { storage }).publish("checkout_completed", checkoutCompleted({ orderId: "5550000002", pathname: `/${"a".repeat(600)}` }));
    const requests = await sent();
    expect(requests.map((r) => JSON.parse(r.init.body as string).events[0].path)).toEqual(["/", `/${"a".repeat(511)}`]);
    expect(requests.map((r) => r.status)).toEqual([200, 200]);
  });

  it("sends nothing when svc has no session or visitor for this browser (never ran, or no consent)", async () => {
    const cases: Record<string, string>[] = [{}, { svc_vid: newId() }, { svc_sid: newId() }, { svc_vid: newId(), svc_sid: "<script>" }, { svc_vid: "", svc_sid: newId() }];
    for (const storage of cases) await pixelPage(extend, { storage }).publish("checkout_completed", checkoutCompleted());
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("sends nothing for an order id that is not one", async () => {
    const storage = { svc_vid: newId(), svc_sid: newId() };
    for (const id of [null, undefined, "", "abc", "gid://shopify/Checkout/123", "0", "12345678901234567890123", -5, 1.5]) {
      await pixelPage(extend, { storage }).publish("checkout_completed", checkoutCompleted({ orderId: id }));
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("does nothing with settings it cannot use, or a shop domain that is not a myshopify.com one", async () => {
    const storage = { svc_vid: newId(), svc_sid: newId() };
    const url = ctx.server.url;
    const settings: Record<string, unknown>[] = [
      {},
      { siteId: SITE },
      { baseUrl: url },
      { siteId: "Shop_A", baseUrl: url },
      { siteId: SITE, baseUrl: "not a url" },
      { siteId: SITE, baseUrl: "javascript:alert(1)" },
      { siteId: SITE, baseUrl: "ftp://svc.example.com" },
      { siteId: 42, baseUrl: url },
    ];
    for (const s of settings) await pixelPage(extend, { storage, settings: s }).publish("checkout_completed", checkoutCompleted());
    await pixelPage(extend, { storage, shop: "ceramics.example" }).publish("checkout_completed", checkoutCompleted());
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("listens to checkout_completed and the funnel's three events only (web-pixel-funnel.test.ts)", async () => {
    const storage = { svc_vid: newId(), svc_sid: newId() };
    const page = pixelPage(extend, { storage });
    for (const name of ["page_viewed", "collection_viewed", "cart_viewed", "search_submitted", "payment_info_submitted", "all_events"]) await page.publish(name, checkoutCompleted());
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("never throws: storage that fails, or a server that cannot be reached, leave the checkout page alone", async () => {
    const failing = pixelPage(extend, { getItem: () => Promise.reject(new Error("storage blocked")) });
    await expect(failing.publish("checkout_completed", checkoutCompleted())).resolves.toEqual([undefined]);
    expect(fetchSpy).not.toHaveBeenCalled();

    const unreachable = pixelPage(extend, { storage: { svc_vid: newId(), svc_sid: newId() }, settings: { siteId: SITE, baseUrl: "http://127.0.0.1:1" } });
    await expect(unreachable.publish("checkout_completed", checkoutCompleted())).resolves.toEqual([undefined]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await expect(fetchSpy.mock.results[0]?.value).rejects.toThrow();

    expect(() => pixelPage(extend, { settings: null })).not.toThrow();
  });
});
