import { describe, expect, it } from "vitest";
import { placedDemoOrders } from "./shopify-checkout.server";
import { refundDemoOrder } from "./shopify-refund.server";

// The refund that reaches the app (its signed webhook) is in tests/browser/shopify-funnel.test.ts.
describe("the demo refund", () => {
  it("refunds only from this machine", async () => {
    placedDemoOrders.set(7, { id: 7, name: "#1001", total_price: "20.00", currency: "USD", item_count: 1 });
    for (const origin of ["https://svc.example.com", "http://10.0.0.2:3000", "not a url"]) {
      expect(await refundDemoOrder(7, origin)).toMatchObject({ ok: false, problem: { status: 403, type: "not-local" } });
    }
  });

  it("refunds only an order this process placed", async () => {
    for (const order of [8, "7", null, undefined, { id: 7 }]) {
      expect(await refundDemoOrder(order, "http://127.0.0.1:3000")).toMatchObject({ ok: false, problem: { status: 404, type: "unknown-order" } });
    }
  });
});
