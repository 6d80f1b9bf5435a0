import { describe, expect, it } from "vitest";
import type { SvcEvent } from "~/wire";
import { refusalIssue, screenBrowserConversions } from "./browser-conversions";

const base = { ts: 1, path: "/" };
const events: SvcEvent[] = [
  { ...base, id: "e0", type: "exposure", test: "t", arm: "a", msToApply: 1, msHidden: 0 },
  { ...base, id: "e1", type: "conversion", goal: "purchase", value: 1000 },
  { ...base, id: "e2", type: "conversion", goal: "signup" },
  { ...base, id: "e3", type: "conversion", goal: "order", value: 49.9 },
  { ...base, id: "e4", type: "conversion", goal: "purchase" },
];

describe("screenBrowserConversions", () => {
  it("refuses a Shopify site's purchases, with or without a value, and keeps the shopper's other events", () => {
    const { kept, refused } = screenBrowserConversions(events, { kind: "shopify" });
    expect(kept.map((e) => e.id)).toEqual(["e0", "e2", "e3"]);
    expect(refused).toEqual([
      { index: 1, goal: "purchase", source: "orders" },
      { index: 4, goal: "purchase", source: "orders" },
    ]);
    expect(refusalIssue(refused[0]!)).toBe('events.1: "purchase" is counted from the shop\'s signed order webhooks only');
  });

  it("refuses the goals a site counts from its server, and nothing else", () => {
    const { kept, refused } = screenBrowserConversions(events, { kind: "web", serverGoals: ["order"] });
    expect(kept.map((e) => e.id)).toEqual(["e0", "e1", "e2", "e4"]);
    expect(refused).toEqual([{ index: 3, goal: "order", source: "server" }]);
    expect(refusalIssue(refused[0]!)).toBe('events.3: "order" is counted from the site\'s server (POST /api/conversions) only');
  });

  it("keeps everything on a web site that counts nothing from its server", () => {
    expect(screenBrowserConversions(events, { kind: "web" }).refused).toEqual([]);
  });
});
