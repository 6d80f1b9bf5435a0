import { describe, expect, it } from "vitest";
import cases from "./funnel.cases.json";
import { FUNNEL_LABELS, funnelEventId, isPixelFunnelLabel, PIXEL_FUNNEL_STEPS } from "./funnel";
import { isGoalLabel } from "./goal";
import { ID_PATTERN } from "../limits";

const stepOf = (event: string) => PIXEL_FUNNEL_STEPS.find((s) => s.event === event)!;

describe("funnelEventId (shared cases)", () => {
  it.each(cases.ids)("%s %j is %s", (event, id, expected) => {
    const made = funnelEventId(stepOf(event as string), id);
    expect(made).toBe(expected);
    expect(made).toMatch(ID_PATTERN);
  });
  it.each(cases.refused.map(([event, id]) => [event as string, id as unknown]))("%s %j has none", (event, id) => expect(funnelEventId(stepOf(event), id)).toBeNull());
});

describe("the funnel's labels", () => {
  it("are four usable goal labels in funnel order, purchase last", () => {
    expect(FUNNEL_LABELS).toEqual(["product_viewed", "added_to_cart", "checkout_started", "purchase"]);
    for (const label of FUNNEL_LABELS) expect(isGoalLabel(label)).toBe(true);
  });
  it("reserve the pixel's three steps, not the purchase or other labels", () => {
    expect(FUNNEL_LABELS.filter(isPixelFunnelLabel)).toEqual(["product_viewed", "added_to_cart", "checkout_started"]);
    expect(isPixelFunnelLabel("signup")).toBe(false);
    expect(isPixelFunnelLabel("Added_to_cart")).toBe(false);
  });
  it("give each step its own id prefix, so two steps of one Shopify event never share an id", () => {
    expect(new Set(PIXEL_FUNNEL_STEPS.map((s) => s.prefix)).size).toBe(PIXEL_FUNNEL_STEPS.length);
  });
});
