import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./accept-encoding";

const ALL = ["br", "gzip", "identity"] as const;

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, else sends the bytes as they are", () => {
    expect(preferredEncoding("gzip, deflate, br", ALL)).toBe("br");
    expect(preferredEncoding("gzip", ALL)).toBe("gzip");
    expect(preferredEncoding("deflate", ALL)).toBe("identity");
    expect(preferredEncoding(undefined, ALL)).toBe("identity");
    expect(preferredEncoding("", ALL)).toBe("identity");
  });

  it("honours q=0 and the wildcard", () => {
    expect(preferredEncoding("br;q=0, gzip;q=0.5", ALL)).toBe("gzip");
    expect(preferredEncoding("BR ; q=0 , GZIP", ALL)).toBe("gzip");
    expect(preferredEncoding("*", ALL)).toBe("br");
    expect(preferredEncoding("*;q=0", ALL)).toBe("identity");
    expect(preferredEncoding("gzip;q=0, *", ALL)).toBe("br");
  });

  it("offers only what it has", () => {
    expect(preferredEncoding("br, gzip", ["gzip", "identity"])).toBe("gzip");
  });
});
