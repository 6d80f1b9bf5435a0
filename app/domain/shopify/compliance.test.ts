import { describe, expect, it } from "vitest";
import { MAX_ORDER_IDS, parseOrderIds } from "./compliance";

describe("parseOrderIds", () => {
  it("reads Shopify's numeric ids, numeric strings and gids in one normal form, once each", () => {
    const payload = { shop_id: 1, orders_to_redact: [299938, "450789469", "gid://shopify/Order/299938", 450789469] };
    expect(parseOrderIds(payload, "orders_to_redact")).toEqual({ ok: true, value: ["299938", "450789469"] });
  });

  it("takes a missing or null list as empty", () => {
    expect(parseOrderIds({ shop_id: 1 }, "orders_requested")).toEqual({ ok: true, value: [] });
    expect(parseOrderIds({ orders_requested: null }, "orders_requested")).toEqual({ ok: true, value: [] });
  });

  it("leaves out what is no order id", () => {
    expect(parseOrderIds({ orders_requested: [0, -5, 1.5, "abc", "", 7] }, "orders_requested")).toEqual({ ok: true, value: ["7"] });
  });

  it("refuses a body that is not the documented shape", () => {
    expect(parseOrderIds({ orders_to_redact: "1,2" }, "orders_to_redact").ok).toBe(false);
    expect(parseOrderIds({ orders_to_redact: [{ id: 1 }] }, "orders_to_redact").ok).toBe(false);
    expect(parseOrderIds(null, "orders_to_redact").ok).toBe(false);
    expect(parseOrderIds({ orders_to_redact: Array.from({ length: MAX_ORDER_IDS + 1 }, (_, i) => i + 1) }, "orders_to_redact").ok).toBe(false);
  });
});
