import { describe, expect, it } from "vitest";
import { FUNNEL_PURCHASE } from "~/wire/rules/funnel";
import { PURCHASE_GOAL, purchaseEventId } from "./purchase";

describe("purchases", () => {
  it("count under the funnel's last step, so the funnel reads the orders webhooks' conversions", () => expect(PURCHASE_GOAL).toBe(FUNNEL_PURCHASE));
  it("have one event id per order", () => expect(purchaseEventId("5550001234")).toBe("order-5550001234"));
});
