import { describe, expect, it } from "vitest";
import { decodeSegment, encodeSegment, MAX_LANDING_LENGTH, segmentEntries, segmentOf } from "./segment";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const base = { userAgent: IPHONE, pageHost: "shop.example", country: "de", shopify: false };

describe("segmentOf", () => {
  it("reads device, new or returning, channel and country by the audience rules", () => {
    expect(segmentOf({ ...base, landing: "&nv=1&ref=www.facebook.com&" })).toEqual({ device: "mobile", visitor: "new", channel: "social", country: "DE", market: "" });
    expect(segmentOf({ ...base, landing: "&nv=0&ref=&utm_medium=cpc", userAgent: null, country: null })).toEqual({
      device: "desktop", visitor: "returning", channel: "paid-search", country: "unknown", market: "",
    });
  });

  it("says unknown, not direct, when no landing facts were sent, and for a code that is no country", () => {
    expect(segmentOf({ ...base, landing: undefined, country: "XX" })).toMatchObject({ visitor: "unknown", channel: "unknown", country: "unknown" });
    expect(segmentOf({ ...base, landing: "&nv=1&ref=&utm_campaign=" + "x".repeat(MAX_LANDING_LENGTH) })).toMatchObject({ visitor: "unknown", channel: "unknown" });
  });

  it("takes the Shopify market from the app embed's facts on Shopify sites only", () => {
    expect(segmentOf({ ...base, shopify: true, landing: "&nv=1&ref=&a=EU-Market|de|EUR|0" }).market).toBe("eu-market");
    expect(segmentOf({ ...base, shopify: true, landing: "&nv=1&ref=&a=" }).market).toBe("unknown");
    expect(segmentOf({ ...base, shopify: false, landing: "&nv=1&ref=&a=eu|de|EUR|0" }).market).toBe("");
  });
});

describe("encodeSegment and decodeSegment", () => {
  it("round-trip, and refuse text this code did not write", () => {
    const s = segmentOf({ ...base, shopify: true, landing: "&nv=1&ref=google.com&a=us|en|USD|1" });
    expect(encodeSegment(s)).toBe("mobile|new|organic-search|DE|us");
    expect(decodeSegment(encodeSegment(s))).toEqual(s);
    expect(decodeSegment(null)).toBeNull();
    expect(decodeSegment("a|b|c")).toBeNull();
    expect(decodeSegment("mobile|new|<script>|DE|")).toBeNull();
    expect(segmentEntries("tablet|unknown|email|FR|")).toEqual([["device", "tablet"], ["visitor", "unknown"], ["channel", "email"], ["country", "FR"]]);
  });
});
