// Every paid order of an offer test checked (docs/offers.md, "Every order checked"), on both databases: the order's
// service as the orders/paid webhook runs it, with payloads as Shopify sends them (trimmed by include_fields), and
// the schedule pass at moments the test chooses. An order charged what its buyer's arm offers is counted as checked;
// one charged otherwise (a Buy-it-now that skipped the discount, a discount taken on the list-price arm) as a
// mismatch; past the documented bar the pass pauses the test through the guardrail path, and not before.
import { describe, expect, it } from "vitest";
import { orderPaidPayload } from "~/demo/shopify-webhook-client.server";
import { OFFER_MISMATCH } from "~/domain/shopify/offer-check";
import { findTestOfShop } from "~/models/results/results.server";
import { readOfferChecks } from "~/models/shopify/order-offer-checks.server";
import { readBuyNowOrders } from "~/models/shopify/buy-now-orders.server";
import { resultsOf } from "~/services/admin/results.server";
import { runSchedule } from "~/services/schedule.server";
import { currentOfferConfig } from "~/services/shopify/offer-discount.server";
import { recordPaidOrder } from "~/services/shopify/orders.server";
import { ingestEventBatch } from "~/services/storefront/ingest-events.server";
import { patchesForVisitor } from "~/services/storefront/patches.server";
import { invalidateSite } from "~/services/site-cache.server";
import { localAssignments } from "~/wire/rules/local-plan";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { seedShop, seedSite, seedTest } from "../support/seed";
import { batch, exposure, newId, pageview } from "../support/snippet-client";

const SHOP = "offer-check.myshopify.com";
const SITE = "offer-check-site";
const TEST = "offer-check-t";
const VARIANT = "gid://shopify/ProductVariant/11";
/** The test's own discount title: the orders check reads svc's allocations by it (order-discounts.ts). */
const TITLE = "Shirt week price";
/** Arm b sells variant 11 at 17.50 against its list price of 20.00. */
const PRICE = { k: "price", prices: { [VARIANT]: 17.5 } };

const money = (amount: number) => ({ shop_money: { amount: amount.toFixed(2), currency_code: "USD" }, presentment_money: { amount: amount.toFixed(2), currency_code: "USD" } });

describe.each(databaseKinds)("the orders check of an offer test (%s)", (kind) => {
  const app = useAppInProcess(kind);
  let orderId = 7_000;

  /** A shopper of the storefront in `arm`: their visitor id and a session svc has seen (its exposure). */
  async function shopperIn(arm: "control" | "offer"): Promise<{ vid: string; sid: string }> {
    const config = await currentOfferConfig(SHOP);
    if (!config) throw new Error("no offer configuration");
    for (;;) {
      const vid = newId();
      const assigned = localAssignments(config.plan, vid).find((a) => a.test === TEST)?.arm;
      if (!assigned || (arm === "offer") !== (assigned === `${TEST}-b`)) continue;
      const sid = newId();
      const answer = await patchesForVisitor({ site: SITE, vid, sid });
      if (!answer.ok) throw new Error(answer.problem.title);
      expect(answer.value.tests.find((t) => t.test === TEST)?.arm).toBe(assigned);
      const sent = await ingestEventBatch({
        door: "events",
        text: JSON.stringify(batch(SITE, vid, sid, [exposure(TEST, assigned), pageview("/products/shirt")])),
        origin: null,
        address: "203.0.113.7",
        receivedAt: new Date(),
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0",
      });
      if (!sent.ok) throw new Error(sent.problem.title);
      return { vid, sid };
    }
  }

  /** The buyer's paid order of `quantity` × variant 11 at its list price, svc's discount taking `svcOff` off the line. */
  async function pay(buyer: { sid: string }, quantity: number, svcOff: number, at?: Date) {
    const id = ++orderId;
    const payload = {
      ...orderPaidPayload(id, { total: (20 * quantity - svcOff).toFixed(2), session: buyer.sid, ...(at && { at }) }),
      discount_applications: svcOff > 0 ? [{ type: "automatic", title: TITLE, value: svcOff.toFixed(2), value_type: "fixed_amount", target_type: "line_item" }] : [],
      line_items: [
        {
          id: id * 10,
          variant_id: 11,
          product_id: 5,
          quantity,
          price: "20.00",
          price_set: money(20),
          discount_allocations: svcOff > 0 ? [{ amount: svcOff.toFixed(2), amount_set: money(svcOff), discount_application_index: 0 }] : [],
        },
      ],
      shipping_lines: [{ price_set: money(5), discount_allocations: [] }],
    };
    const recorded = await recordPaidOrder(SHOP, payload);
    if (!recorded.ok) throw new Error(recorded.problem.title);
    expect(recorded.value.status).toBe("recorded");
  }

  const checks = () => readOfferChecks(SITE, TEST);
  const status = async () =>
    (await app.sql.query<{ status: string; pausedReason: string | null }>(`SELECT status, "pausedReason" FROM "Test" WHERE id = $1`, [TEST]))[0];

  it("counts an order charged its arm's offer as checked, and each one charged otherwise as a mismatch", async () => {
    await seedShop(app.sql, { domain: SHOP });
    await seedSite(app.sql, { id: SITE, shop: SHOP, kind: "shopify" });
    await seedTest(app.sql, { id: TEST, site: SITE, status: "running", pages: ["/products/*"], arms: [{}, { offer: PRICE }], goals: ["purchase"] });
    await app.sql.query(`UPDATE "Test" SET "offerTitle" = $1 WHERE id = $2`, [TITLE, TEST]);

    const offer = await shopperIn("offer");
    const control = await shopperIn("control");
    await pay(offer, 2, 5); // 2 × (20.00 − 17.50): what the page showed
    await pay(control, 1, 0); // the list price, as the control arm's page showed
    expect(await checks()).toEqual([
      { armId: `${TEST}-a`, checked: 1, mismatched: 0 },
      { armId: `${TEST}-b`, checked: 1, mismatched: 0 },
    ]);

    await pay(offer, 1, 0); // a Buy-it-now that skipped the cart attribute: the list price, not the arm's
    await pay(control, 1, 2.5); // the offer taken by a shopper of the control arm (an edited attribute)
    expect(await checks()).toEqual([
      { armId: `${TEST}-a`, checked: 2, mismatched: 1 },
      { armId: `${TEST}-b`, checked: 2, mismatched: 1 },
    ]);
    const [row] = await app.sql.query<{ expected: string; charged: string; mismatch: boolean }>(
      `SELECT expected::text, charged::text, mismatch FROM "OrderOfferCheck" WHERE "orderId" = $1`,
      [String(orderId - 1)],
    );
    expect(row).toEqual({ expected: "2.5000", charged: "0.0000", mismatch: true });
    // A redelivery of an order checks nothing twice.
    expect((await recordPaidOrder(SHOP, orderPaidPayload(orderId, { total: "17.50", session: control.sid }))).ok).toBe(true);
    expect((await checks()).reduce((n, a) => n + a.checked, 0)).toBe(4);
    // What the results page shows, each arm by its name, with what it charges.
    const test = await findTestOfShop(SHOP, TEST);
    const results = await resultsOf(test!);
    expect(results.offerChecks).toEqual([
      { armId: `${TEST}-a`, name: "Original", offer: null, checked: 2, mismatched: 1 },
      { armId: `${TEST}-b`, name: "Variant B", offer: PRICE, checked: 2, mismatched: 1 },
    ]);
    expect(results.offerTitle).toBe(TITLE);
  });

  it("checks no order placed before its test started: its webhook came late, and that order never had the offer", async () => {
    const [row] = await app.sql.query<{ startedAt: Date }>(`SELECT "startedAt" FROM "Test" WHERE id = $1`, [TEST]);
    const startedAt = row!.startedAt;
    const before = await checks();
    await pay(await shopperIn("offer"), 1, 0, new Date(new Date(startedAt).getTime() - 60_000));
    expect(await checks()).toEqual(before);
    // The same order placed after the start is checked (and charged otherwise: a mismatch).
    await pay(await shopperIn("offer"), 1, 0, new Date(new Date(startedAt).getTime() + 60_000));
    expect((await checks()).reduce((n, a) => n + a.mismatched, 0)).toBe(before.reduce((n, a) => n + a.mismatched, 0) + 1);
  });

  it("hides the Buy-it-now buttons on an offer test's pages, for every arm, and on no other test's", async () => {
    await seedTest(app.sql, { id: "plain-t", site: SITE, status: "running", pages: ["/pages/about"], arms: [{ patches: [{ op: "text", sel: "h1", value: "Hi" }] }, {}], goals: ["signup"] });
    invalidateSite(SITE);
    const hide = { op: "hide", sel: ".shopify-payment-button" };
    for (let i = 0; i < 20; i++) {
      const answer = await patchesForVisitor({ site: SITE, vid: newId(), sid: newId() });
      if (!answer.ok) throw new Error(answer.problem.title);
      const [offer, plain] = [TEST, "plain-t"].map((id) => answer.value.tests.find((t) => t.test === id));
      expect(offer?.patches).toContainEqual(hide);
      expect(plain?.patches ?? []).not.toContainEqual(hide);
    }
    await app.sql.query(`UPDATE "Test" SET status = 'completed' WHERE id = 'plain-t'`);
    invalidateSite(SITE);
  });

  it("pauses the test through the guardrail path once the mismatches pass the bar, and not before", async () => {
    const buyer = await shopperIn("offer");
    // Up to the bar's minimum less one, the pass leaves the test running.
    const mismatched = async () => (await checks()).reduce((n, a) => n + a.mismatched, 0);
    while ((await mismatched()) < OFFER_MISMATCH.minimum - 1) await pay(buyer, 1, 0);
    await runSchedule(new Date(), async () => null, () => undefined);
    expect(await status()).toMatchObject({ status: "running" });

    await pay(buyer, 1, 0);
    const run = await runSchedule(new Date(), async () => null, () => undefined);
    expect(run.guarded).toEqual([TEST]);
    const paused = await status();
    expect(paused?.status).toBe("paused");
    expect(paused?.pausedReason).toMatch(new RegExp(`^${OFFER_MISMATCH.minimum} of \\d+ orders of this test were charged otherwise`));
  });

  describe("a test that keeps its Buy-it-now buttons and excludes their buyers", () => {
    /** The web pixel's checkout report of `buyer`'s session, naming the order and its checkout token. */
    async function pixelReport(buyer: { vid: string; sid: string }, order: number) {
      const checkout = { type: "checkout", id: newId(), ts: Date.now(), path: "/checkouts/c/1/thank-you", order: String(order), checkout: `tok-${order}` };
      const sent = await ingestEventBatch({
        door: "collect",
        text: JSON.stringify({ ...batch(SITE, buyer.vid, buyer.sid, [checkout as never]), shop: SHOP }),
        origin: null,
        address: "203.0.113.7",
        receivedAt: new Date(),
        userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0",
      });
      if (!sent.ok) throw new Error(sent.problem.title);
    }
    /** A Buy-it-now order: no cart, so none of svc's attributes; `variant` at its list price, no discount. */
    async function buyNow(id: number, variant = 11, product = 5) {
      const payload = {
        ...orderPaidPayload(id, { total: "20.00", lines: [{ variantId: variant, productId: product, quantity: 1, price: "20.00" }], discountApplications: [] }),
        checkout_token: `tok-${id}`,
      };
      const recorded = await recordPaidOrder(SHOP, payload);
      if (!recorded.ok) throw new Error(recorded.problem.title);
      return recorded.value;
    }
    const purchases = async () =>
      Object.fromEntries(
        (await app.sql.query<{ armId: string; n: number }>(
          `SELECT "armId", sum(conversions)::int AS n FROM "DailyRollup" WHERE "testId" = $1 AND goal = 'purchase' GROUP BY "armId"`,
          [TEST],
        )).map((r) => [r.armId, Number(r.n)]),
      );

    it("leaves its buttons, and leaves a Buy-it-now order on its products out of its results and its check, counted apart", async () => {
      await app.sql.query(`UPDATE "Test" SET status = 'running', "buyNow" = 'exclude', "guardrailTrippedAt" = now() WHERE id = $1`, [TEST]);
      invalidateSite(SITE);
      // The buttons stay on every arm's pages.
      for (let i = 0; i < 5; i++) {
        const answer = await patchesForVisitor({ site: SITE, vid: newId(), sid: newId() });
        if (!answer.ok) throw new Error(answer.problem.title);
        expect(answer.value.tests.find((t) => t.test === TEST)?.patches ?? []).not.toContainEqual({ op: "hide", sel: ".shopify-payment-button" });
      }
      const [checksBefore, purchasesBefore] = [await checks(), await purchases()];
      const buyer = await shopperIn("offer");
      // The pixel's report first: the buyer is known when the order arrives, and the order is left out at once.
      await pixelReport(buyer, ++orderId);
      expect(await buyNow(orderId)).toMatchObject({ status: "recorded", attributedTests: 0 });
      // The order first, the report later: left out when the report names its session.
      const late = await shopperIn("control");
      expect(await buyNow(++orderId)).toMatchObject({ attributedTests: 0 });
      await pixelReport(late, orderId);
      expect(await readBuyNowOrders(SITE, TEST)).toEqual([
        { armId: `${TEST}-a`, excluded: 1 },
        { armId: `${TEST}-b`, excluded: 1 },
      ]);
      expect(await purchases()).toEqual(purchasesBefore);
      expect(await checks()).toEqual(checksBefore);

      // Through the cart, with svc's visitor id: counted and checked as ever.
      const carted = await shopperIn("offer");
      const payload = {
        ...orderPaidPayload(++orderId, { total: "17.50", noteAttributes: { _svc_vid: carted.vid, _svc_sid: carted.sid }, lines: [{ variantId: 11, productId: 5, quantity: 1, price: "20.00", allocations: [{ amount: "2.50", application: 0 }] }], discountApplications: [{ title: TITLE }] }),
      };
      expect(await recordPaidOrder(SHOP, payload)).toMatchObject({ ok: true, value: { attributedTests: 1 } });
      // A Buy-it-now order off the test's products paid what every arm charges: counted and checked too.
      const other = await shopperIn("offer");
      await pixelReport(other, ++orderId);
      expect(await buyNow(orderId, 99, 6)).toMatchObject({ attributedTests: 1 });
      const b = (await checks()).find((c) => c.armId === `${TEST}-b`)!;
      const bBefore = checksBefore.find((c) => c.armId === `${TEST}-b`)!;
      expect(b).toEqual({ armId: `${TEST}-b`, checked: bBefore.checked + 2, mismatched: bBefore.mismatched });
      expect((await purchases())[`${TEST}-b`]).toBe((purchasesBefore[`${TEST}-b`] ?? 0) + 2);

      // On the results page, each arm's excluded orders beside its checked ones.
      const results = await resultsOf((await findTestOfShop(SHOP, TEST))!);
      expect(results.offerChecks.map((a) => [a.armId, a.excluded])).toEqual([
        [`${TEST}-a`, 1],
        [`${TEST}-b`, 1],
      ]);
      // Excluded orders are no mismatch: the guardrail leaves the test running.
      for (let i = 0; i < OFFER_MISMATCH.minimum; i++) {
        const again = await shopperIn("offer");
        await pixelReport(again, ++orderId);
        await buyNow(orderId);
      }
      await runSchedule(new Date(), async () => null, () => undefined);
      expect(await status()).toMatchObject({ status: "running" });
      expect((await readBuyNowOrders(SITE, TEST)).find((r) => r.armId === `${TEST}-b`)?.excluded).toBe(1 + OFFER_MISMATCH.minimum);
    });
  });
});
