import { describe, expect, it } from "vitest";
import { claimCounts, claimWorthKeeping, parseOrder, parseRefund, removedAmount, type OrderMoney } from "./order";

const received = new Date("2026-11-24T12:00:00Z");

/** An orders/paid payload trimmed by the subscription's include_fields, as Shopify sends it. */
function order(overrides: Record<string, unknown> = {}) {
  return {
    id: 5678901234,
    test: false,
    currency: "USD",
    presentment_currency: "EUR",
    total_price: "40.00",
    total_price_set: {
      shop_money: { amount: "40.00", currency_code: "USD" },
      presentment_money: { amount: "36.00", currency_code: "EUR" },
    },
    note_attributes: [
      { name: "gift_note", value: "for mum" },
      { name: "_svc_sid", value: "s_abc123" },
    ],
    processed_at: "2026-11-23T18:30:00-05:00",
    created_at: "2026-11-23T18:29:00-05:00",
    cancelled_at: null,
    ...overrides,
  };
}

describe("parseOrder", () => {
  it("keeps the shop-money total, the presentment total, the cart session and the processing time", () => {
    expect(parseOrder(order(), received)).toEqual({
      ok: true,
      value: {
        orderId: "5678901234",
        total: 40,
        currency: "USD",
        presentmentTotal: 36,
        presentmentCurrency: "EUR",
        isTest: false,
        sessionId: "s_abc123",
        checkoutToken: null,
        occurredAt: new Date("2026-11-23T23:30:00Z"),
        cancelledAt: null,
        lines: null,
      },
    });
  });

  it("reads the line items' variants, quantities and selling plans; unreadable lines leave the order readable", () => {
    const lines = [
      { id: 1, variant_id: 40000000000001, quantity: 2, price: "10.00", selling_plan_id: null },
      { id: 2, variant_id: "40000000000002", quantity: 1, selling_plan_id: 7 },
      { id: 3, variant_id: null, quantity: 1, title: "Tip" },
    ];
    const parsed = parseOrder(order({ line_items: lines }), received);
    expect(parsed.ok && parsed.value.lines).toEqual([
      { variantId: "40000000000001", quantity: 2, subscription: false },
      { variantId: "40000000000002", quantity: 1, subscription: true },
      { variantId: null, quantity: 1, subscription: false },
    ]);
    const odd = parseOrder(order({ line_items: [{ variant_id: 1, quantity: -1 }] }), received);
    expect(odd.ok && odd.value.lines).toBeNull();
  });

  it("keeps the checkout token a pixel report may name, and nothing that is not one", () => {
    const read = (checkout_token: unknown) => {
      const parsed = parseOrder(order({ checkout_token }), received);
      return parsed.ok ? parsed.value.checkoutToken : "invalid";
    };
    expect(read("9f86d081884c7d659a2feaa0c55ad015")).toBe("9f86d081884c7d659a2feaa0c55ad015");
    expect(read("Z2NwLXVzLWVhc3QxOjAxSjQ=")).toBe("Z2NwLXVzLWVhc3QxOjAxSjQ=");
    expect(read(null)).toBeNull();
    expect(read("has space")).toBeNull();
    expect(read(42)).toBeNull();
  });

  it("reads an order without the cart attribute as a purchase without a session", () => {
    const parsed = parseOrder(order({ note_attributes: [] }), received);
    expect(parsed.ok && parsed.value.sessionId).toBeNull();
  });

  it.each([
    ["a session id with characters ids never have", "s abc"],
    ["a non-string session id", 42],
  ])("ignores %s", (_, value) => {
    const parsed = parseOrder(order({ note_attributes: [{ name: "_svc_sid", value }] }), received);
    expect(parsed.ok && parsed.value.sessionId).toBeNull();
  });

  it("falls back to total_price in the shop currency when total_price_set is absent", () => {
    const parsed = parseOrder(order({ total_price_set: undefined, total_price: "12.50" }), received);
    expect(parsed.ok && [parsed.value.total, parsed.value.currency, parsed.value.presentmentTotal]).toEqual([12.5, "USD", 12.5]);
  });

  it("marks test orders and reads a cancellation time", () => {
    const parsed = parseOrder(order({ test: true, cancelled_at: "2026-11-24T08:00:00Z" }), received);
    expect(parsed.ok && [parsed.value.isTest, parsed.value.cancelledAt]).toEqual([true, new Date("2026-11-24T08:00:00Z")]);
  });

  it("takes the receiving time when Shopify names none", () => {
    const parsed = parseOrder(order({ processed_at: null, created_at: undefined }), received);
    expect(parsed.ok && parsed.value.occurredAt).toEqual(received);
  });

  it.each([
    ["no id", { id: undefined }, "id: must be an order id"],
    ["a customer gid for an id", { id: "gid://shopify/Customer/1" }, "id: must be an order id"],
    ["a negative total", { total_price_set: { shop_money: { amount: "-1", currency_code: "USD" }, presentment_money: { amount: "1", currency_code: "USD" } } }, "total_price_set.shop_money.amount: must be an amount"],
    ["an unknown currency", { total_price_set: { shop_money: { amount: "1", currency_code: "US" }, presentment_money: { amount: "1", currency_code: "USD" } } }, "total_price_set.shop_money.currency_code: must be an ISO 4217 code"],
    ["no total at all", { total_price_set: undefined, total_price: undefined }, "total_price_set: required"],
  ])("refuses an order with %s", (_, overrides, issue) => {
    expect(parseOrder(order(overrides), received)).toEqual({ ok: false, issues: [issue] });
  });

  it("refuses what is not an object", () => {
    expect(parseOrder("order", received).ok).toBe(false);
    expect(parseOrder(null, received).ok).toBe(false);
  });
});

describe("parseRefund", () => {
  const refund = (transactions: unknown[]) => ({ id: 909, order_id: 5678901234, transactions });

  it("adds up the successful refund transactions only", () => {
    const parsed = parseRefund(
      refund([
        { kind: "refund", status: "success", amount: "10.00", currency: "EUR" },
        { kind: "refund", status: "failure", amount: "99.00", currency: "EUR" },
        { kind: "refund", status: "success", amount: "2.50", currency: "EUR" },
        { kind: "sale", status: "success", amount: "36.00", currency: "EUR" },
      ]),
    );
    expect(parsed).toEqual({ ok: true, value: { refundId: "909", orderId: "5678901234", amount: 12.5, currency: "EUR" } });
  });

  it("reads a refund that returned no money (a restock only) as zero", () => {
    expect(parseRefund(refund([]))).toEqual({ ok: true, value: { refundId: "909", orderId: "5678901234", amount: 0, currency: null } });
  });

  it("refuses a refund without an order", () => {
    expect(parseRefund({ id: 1, transactions: [] })).toEqual({ ok: false, issues: ["order_id: must be an order id"] });
  });
});

describe("removedAmount", () => {
  const money: OrderMoney = { total: 40, currency: "USD", presentmentTotal: 36, presentmentCurrency: "EUR", cancelled: false };

  it("is nothing without refunds", () => expect(removedAmount(money, [])).toBe(0));

  it("converts refunds in the presentment currency at the order's own rate", () => {
    // 9 EUR of a 36 EUR order is a quarter of it: 10 USD of 40.
    expect(removedAmount(money, [{ amount: 9, currency: "EUR" }])).toBe(10);
  });

  it("takes refunds in the shop currency as they are", () => {
    expect(removedAmount(money, [{ amount: 7.5, currency: "USD" }, { amount: 2.5, currency: null }])).toBe(10);
  });

  it("leaves out a refund in a currency it cannot convert", () => {
    expect(removedAmount(money, [{ amount: 5, currency: "JPY" }])).toBe(0);
  });

  it("never removes more than the total", () => {
    expect(removedAmount(money, [{ amount: 30, currency: "EUR" }, { amount: 30, currency: "EUR" }])).toBe(40);
  });

  it("removes all of a cancelled order, once, whatever was refunded", () => {
    expect(removedAmount({ ...money, cancelled: true }, [{ amount: 9, currency: "EUR" }])).toBe(40);
  });
});

describe("claimCounts: which pixel report gives an order its session", () => {
  const open = { sessionId: null, checkoutToken: "tok" };
  const claim = (checkoutToken: string | null) => ({ sessionId: "s_claim", checkoutToken });

  it.each<[string, { sessionId: string | null; checkoutToken: string | null }, string | null, boolean]>([
    ["the order's own _svc_sid always wins", { sessionId: "s_cart", checkoutToken: "tok" }, "tok", false],
    ["a report naming the order's checkout", open, "tok", true],
    ["a report naming another checkout", open, "other", false],
    ["a report naming a checkout the order does not name", { sessionId: null, checkoutToken: null }, "tok", false],
    // Issue 33, row 12: an order id alone is anyone's guess.
    ["a report naming no checkout", open, null, false],
    ["a report naming no checkout, for an order without a checkout token", { sessionId: null, checkoutToken: null }, null, false],
  ])("%s", (_, order, token, counts) => {
    expect(claimCounts(order, claim(token))).toBe(counts);
  });

  it("keeps a report made before its order only when it names a checkout", () => {
    expect(claimWorthKeeping(claim("tok"))).toBe(true);
    expect(claimWorthKeeping(claim(null))).toBe(false);
  });
});
