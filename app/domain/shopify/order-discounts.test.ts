import { describe, expect, it } from "vitest";
import { readCheckedOrder } from "./order-discounts";

const money = (amount: string) => ({ shop_money: { amount, currency_code: "USD" }, presentment_money: { amount, currency_code: "EUR" } });
const allocation = (amount: string, index: number) => ({ amount, amount_set: money(amount), discount_application_index: index });

/** An orders/paid payload as Shopify sends it (REST shape), cut to the include_fields shopify.app.toml asks for. */
const payload = {
  id: 820982911946154500,
  discount_applications: [
    { type: "automatic", title: "Special price", value: "2.5", value_type: "fixed_amount", allocation_method: "each", target_type: "line_item" },
    { type: "discount_code", title: "Special price", code: "SPECIAL", value: "10.0", value_type: "percentage", target_type: "line_item" },
    { type: "automatic", title: "Special price", value: "100.0", value_type: "percentage", target_type: "shipping_line" },
  ],
  line_items: [
    { variant_id: 447654529, product_id: 632910392, quantity: 2, price_set: money("20.00"), discount_allocations: [allocation("5.00", 0), allocation("3.50", 1)] },
    { variant_id: "49148385", product_id: "632910393", quantity: 1, price_set: money("7.25"), discount_allocations: [] },
    { variant_id: null, product_id: null, quantity: 1, price_set: money("3.00") },
  ],
  shipping_lines: [{ price_set: money("6.00"), discount_allocations: [allocation("6.00", 2)] }],
};

describe("readCheckedOrder", () => {
  it("reads each line's GIDs, list price and svc's automatic allocations, and the shipping's, in shop money", () => {
    expect(readCheckedOrder(payload, ["Special price"])).toEqual({
      lines: [
        { variant: "gid://shopify/ProductVariant/447654529", product: "gid://shopify/Product/632910392", quantity: 2, unitPrice: 20, svcDiscount: 5 },
        { variant: "gid://shopify/ProductVariant/49148385", product: "gid://shopify/Product/632910393", quantity: 1, unitPrice: 7.25, svcDiscount: 0 },
        { variant: null, product: null, quantity: 1, unitPrice: 3, svcDiscount: 0 },
      ],
      shipping: { price: 6, svcDiscount: 6 },
    });
  });

  it("counts no allocation of another title, nor a code of svc's title, as svc's", () => {
    const read = readCheckedOrder(payload, ["Prix spécial"]);
    expect(read?.lines.map((l) => l.svcDiscount)).toEqual([0, 0, 0]);
    expect(read?.shipping).toEqual({ price: 6, svcDiscount: 0 });
  });

  it("counts the automatic applications titled as any test's title, each by its own allocations", () => {
    // Two tests' discounts in one order, each application titled with its test's title (the candidates' message).
    const twoTitles = {
      discount_applications: [
        { type: "automatic", title: "Winter bowl price", target_type: "line_item" },
        { type: "automatic", title: "Free shipping week", target_type: "shipping_line" },
        { type: "automatic", title: "Merchant's own sale", target_type: "line_item" },
      ],
      line_items: [{ variant_id: 1, product_id: 2, quantity: 1, price_set: money("30.00"), discount_allocations: [allocation("6.00", 0), allocation("1.00", 2)] }],
      shipping_lines: [{ price_set: money("5.00"), discount_allocations: [allocation("5.00", 1)] }],
    };
    const read = readCheckedOrder(twoTitles, ["Special price", "Winter bowl price", "Free shipping week"]);
    expect(read?.lines[0]?.svcDiscount).toBe(6);
    expect(read?.shipping).toEqual({ price: 5, svcDiscount: 5 });
    // Without the tests' titles, only the default's would count: none here.
    expect(readCheckedOrder(twoTitles, ["Special price"])?.lines[0]?.svcDiscount).toBe(0);
  });

  it("reads an order without discounts or shipping lines", () => {
    expect(readCheckedOrder({ line_items: [{ variant_id: 1, product_id: 2, quantity: 1, price_set: money("9.99") }] }, ["Special price"])).toEqual({
      lines: [{ variant: "gid://shopify/ProductVariant/1", product: "gid://shopify/Product/2", quantity: 1, unitPrice: 9.99, svcDiscount: 0 }],
      shipping: { price: 0, svcDiscount: 0 },
    });
  });

  it.each([
    ["no line items (include_fields without them)", { id: 1 }],
    ["a line without its price set", { line_items: [{ variant_id: 1, quantity: 1 }] }],
    ["a price that is not an amount", { line_items: [{ variant_id: 1, quantity: 1, price_set: money("free") }] }],
    ["a negative quantity", { line_items: [{ variant_id: 1, quantity: -1, price_set: money("1.00") }] }],
    ["an allocation without its application's index", { line_items: [{ quantity: 1, price_set: money("1.00"), discount_allocations: [{ amount_set: money("1.00") }] }] }],
    ["not an object", "order"],
  ])("answers null for %s", (_, body) => {
    expect(readCheckedOrder(body, ["Special price"])).toBeNull();
  });
});
