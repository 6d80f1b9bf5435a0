import { describe, expect, it } from "vitest";
import { freeRanges, parseGroupName, placeSlice, shareDoesNotFit } from "./test-group";

describe("parseGroupName", () => {
  it("trims and refuses empty or long names", () => {
    expect(parseGroupName("  Headlines ")).toEqual({ ok: true, name: "Headlines" });
    expect(parseGroupName("   ")).toEqual({ ok: false, message: "Name the group" });
    expect(parseGroupName(42).ok).toBe(false);
    expect(parseGroupName("x".repeat(61)).ok).toBe(false);
  });
});

describe("freeRanges", () => {
  it("lists the gaps between slices, in order", () => {
    expect(freeRanges([])).toEqual([{ start: 0, end: 100 }]);
    expect(freeRanges([{ start: 40, share: 20 }, { start: 0, share: 30 }])).toEqual([
      { start: 30, end: 40 },
      { start: 60, end: 100 },
    ]);
    expect(freeRanges([{ start: 0, share: 100 }])).toEqual([]);
  });
});

describe("placeSlice", () => {
  it("packs from 0, first fit", () => {
    expect(placeSlice([], 30)).toBe(0);
    expect(placeSlice([{ start: 0, share: 30 }], 50)).toBe(30);
    expect(placeSlice([{ start: 0, share: 30 }, { start: 40, share: 20 }], 10)).toBe(30);
    expect(placeSlice([{ start: 0, share: 30 }, { start: 40, share: 20 }], 20)).toBe(60);
  });

  it("keeps a slice where it is when it still fits", () => {
    expect(placeSlice([{ start: 0, share: 30 }], 20, 50)).toBe(50);
    expect(placeSlice([{ start: 0, share: 30 }], 20, 90)).toBe(30);
  });

  it("refuses a share wider than every free part", () => {
    const taken = [{ start: 0, share: 30 }, { start: 40, share: 40 }];
    expect(placeSlice(taken, 25)).toBeNull();
    expect(shareDoesNotFit(taken, 25)).toBe("25 % does not fit in this group: the largest free part is 20 % (free: 30–40 %, 80–100 %)");
    expect(shareDoesNotFit([{ start: 0, share: 100 }], 5)).toMatch(/all taken/);
  });
});
