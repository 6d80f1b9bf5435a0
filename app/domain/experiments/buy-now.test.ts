import { describe, expect, it } from "vitest";
import { validPatches } from "./patch-shape";
import { BUY_NOW_SELECTOR, withBuyNowHidden } from "./buy-now";

describe("withBuyNowHidden", () => {
  const own = [{ op: "text", sel: "h1", value: "Hi" }];

  it("adds one patch hiding the dynamic checkout buttons to an offer test's arm, after its own", () => {
    expect(withBuyNowHidden(own, true)).toEqual([...own, { op: "hide", sel: BUY_NOW_SELECTOR }]);
    expect(withBuyNowHidden([], true)).toEqual([{ op: "hide", sel: ".shopify-payment-button" }]);
  });

  it("serves patches the storefront's shape check accepts", () => {
    expect(validPatches(withBuyNowHidden(own, true))).toEqual([...own, { op: "hide", sel: BUY_NOW_SELECTOR }]);
  });

  it("leaves a test without an offer, and patches it cannot read, as they are", () => {
    expect(withBuyNowHidden(own, false)).toBe(own);
    expect(withBuyNowHidden("not patches", true)).toBe("not patches");
    expect(withBuyNowHidden(null, true)).toBeNull();
  });
});
