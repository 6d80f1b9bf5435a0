// Shopify's funnel from the web pixel (issue 23): product_viewed, product_added_to_cart and checkout_started
// reported by the real pixel to the real server, counted once per visitor in each step for the visitor's
// arm, a resend counted once, and the reserved labels refused from a page's own svc.convert on /api/events.
import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_ARM_IDS, DEMO_SHOPIFY_SITE_ID, DEMO_SHOPIFY_TEST_ID } from "~/demo/constants";
import type { PatchesResponse } from "~/wire";
import { databaseKinds } from "../support/databases";
import { parseCsv } from "../support/csv";
import { loadPixel, pixelPage, type Extend } from "../support/pixel-runtime";
import { useServer } from "../support/server";
import { batch, conversion, exposure, getPatches, newId, postBatch } from "../support/snippet-client";

/** A standard event as Shopify documents it, with the personal data it may carry. */
function shopifyEvent(name: string, id: unknown = `sh-${randomUUID()}`) {
  return {
    id: id === "none" ? undefined : id,
    name,
    type: "standard",
    clientId: "c1f2d7a9-0000-4000-8000-000000000001",
    timestamp: new Date().toISOString(),
    context: { document: { location: { pathname: "/products/mug", href: "https://shop.example/products/mug?email=ada@example.com" } } },
    data: {
      productVariant: { id: "v-1", title: "Stoneware mug", price: { amount: 20, currencyCode: "USD" } },
      cartLine: { quantity: 1, merchandise: { id: "v-1", title: "Stoneware mug" } },
      checkout: { token: "tok-secret", email: "ada@example.com", totalPrice: { amount: 20, currencyCode: "USD" } },
    },
  };
}

describe.each(databaseKinds)("the web pixel's funnel on %s", (kind) => {
  const ctx = useServer(kind, { SVC_DEMO: "1" });
  let extend: Extend;
  let fetchSpy: MockInstance<typeof fetch>;

  beforeAll(async () => {
    extend = await loadPixel();
  });
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, "fetch");
  });
  afterEach(() => fetchSpy.mockRestore());

  /** A visitor the snippet exposed to the demo store's test (after consent): its ids and arm. */
  async function exposedVisitor() {
    const vid = newId();
    const sid = newId();
    const body = (await (await getPatches(ctx.server.url, DEMO_SHOPIFY_SITE_ID, vid, sid)).json()) as PatchesResponse;
    const arm = body.tests.find((t) => t.test === DEMO_SHOPIFY_TEST_ID)?.arm ?? "";
    const res = await postBatch(ctx.server.url, { ...batch(DEMO_SHOPIFY_SITE_ID, vid, sid, [exposure(DEMO_SHOPIFY_TEST_ID, arm)]), shop: DEMO_SHOP_DOMAIN }, { path: "/api/collect" });
    expect(res.status).toBe(200);
    fetchSpy.mockClear(); // the pixel's requests only, from here
    return { vid, sid, arm };
  }

  const page = (storage: Record<string, string>) =>
    pixelPage(extend, { settings: { siteId: DEMO_SHOPIFY_SITE_ID, baseUrl: ctx.server.url }, shop: DEMO_SHOP_DOMAIN, storage });

  /** What the pixel sent and the server answered, in order, since the spy was set. */
  async function answers() {
    return Promise.all(
      fetchSpy.mock.calls.map(async ([, init], i) => {
        const response = (await (fetchSpy.mock.results[i]?.value as Promise<Response>)).clone();
        return { body: String(init?.body), status: response.status, answer: (await response.json()) as Record<string, number> };
      }),
    );
  }

  /** The funnel CSV's rows as step → arm → visitors at the step. */
  async function funnel(): Promise<Map<string, Map<string, number>>> {
    const csv = await (await fetch(`${ctx.server.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}/export.csv?funnel=1`)).text();
    const [header = [], ...rows] = parseCsv(csv);
    const steps = new Map<string, Map<string, number>>();
    for (const row of rows.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ""])))) {
      const step = row.step ?? "";
      steps.set(step, (steps.get(step) ?? new Map()).set(row.arm_id ?? "", Number(row.step_visitors)));
    }
    return steps;
  }

  it("counts a visitor once in each step for their arm, however often they view, and a resend once", async () => {
    const { vid, sid, arm } = await exposedVisitor();
    const other = arm === DEMO_SHOPIFY_ARM_IDS[0] ? DEMO_SHOPIFY_ARM_IDS[1] : DEMO_SHOPIFY_ARM_IDS[0];
    const shopper = page({ svc_vid: vid, svc_sid: sid });
    const events = [shopifyEvent("product_viewed"), shopifyEvent("product_viewed"), shopifyEvent("product_added_to_cart"), shopifyEvent("checkout_started")];
    for (const event of events) await shopper.publish(event.name, event);

    const sent = await answers();
    expect(sent.map((s) => [s.status, s.answer.accepted])).toEqual(events.map(() => [200, 1]));
    const reports = sent.map((s) => JSON.parse(s.body));
    expect(reports[0]).toEqual({
      v: 1, site: DEMO_SHOPIFY_SITE_ID, vid, sid, shop: DEMO_SHOP_DOMAIN, sent: expect.any(Number),
      events: [{ type: "conversion", id: `pv-${events[0]!.id}`, ts: expect.any(Number), path: "/products/mug", goal: "product_viewed" }],
    });
    expect(reports.map((r) => r.events[0].goal)).toEqual(["product_viewed", "product_viewed", "added_to_cart", "checkout_started"]);
    // Ids only: nothing of the product, cart, checkout or page's query is sent.
    for (const leak of ["ada@example.com", "tok-secret", "Stoneware", "amount", "USD", "email"]) for (const s of sent) expect(s.body.replace(/"(sent|ts)":\d+/g, ""), leak).not.toContain(leak);

    // Shopify delivers the same events again: duplicates, counted nowhere.
    fetchSpy.mockClear();
    for (const event of events) await shopper.publish(event.name, event);
    expect((await answers()).map((s) => [s.answer.accepted, s.answer.duplicates])).toEqual(events.map(() => [0, 1]));

    const steps = await funnel();
    expect([...steps.keys()]).toEqual(["product_viewed", "added_to_cart", "checkout_started", "purchase"]);
    for (const step of ["product_viewed", "added_to_cart", "checkout_started"]) {
      expect(steps.get(step)?.get(arm), step).toBe(1);
      expect(steps.get(step)?.get(other), step).toBe(0);
    }
    // Two views by one visitor: two conversions, one visitor.
    const summary = parseCsv(await (await fetch(`${ctx.server.url}/app/tests/${DEMO_SHOPIFY_TEST_ID}/export.csv`)).text());
    const [header = [], ...rows] = summary;
    const viewed = rows.map((r) => Object.fromEntries(header.map((n, i) => [n, r[i]]))).find((r) => r.goal === "product_viewed" && r.arm_id === arm);
    expect(viewed).toMatchObject({ converting_visitors: "1", conversions: "2" });
  });

  it("refuses the funnel's labels from a page's svc.convert on /api/events, and keeps other labels", async () => {
    const { vid, sid, arm } = await exposedVisitor();
    const before = (await funnel()).get("added_to_cart")?.get(arm);
    const res = await postBatch(ctx.server.url, batch(DEMO_SHOPIFY_SITE_ID, vid, sid, [conversion("added_to_cart"), conversion("checkout_started"), conversion("newsletter")]));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted: 1, rejected: 2 });
    expect((await funnel()).get("added_to_cart")?.get(arm)).toBe(before);
  });

  it("sends nothing without the svc ids (no consent, svc never ran) or without Shopify's event id", async () => {
    const missing: Array<Record<string, string>> = [{}, { svc_vid: newId() }, { svc_sid: newId() }];
    for (const storage of missing) await page(storage).publish("product_viewed", shopifyEvent("product_viewed"));
    const shopper = page({ svc_vid: newId(), svc_sid: newId() });
    for (const id of ["none", null, "", "  ", 42]) await shopper.publish("product_added_to_cart", shopifyEvent("product_added_to_cart", id));
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
