import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { holmAdjust } from "./holm";

describe("holmAdjust", () => {
  it("multiplies the i-th smallest by k − i + 1 and carries the running maximum (hand)", () => {
    // Sorted 0.01 (×3 = 0.03), 0.03 (×2 = 0.06), 0.04 (×1 = 0.04, but at least 0.06).
    expect(holmAdjust([0.01, 0.04, 0.03])).toEqual([0.03, 0.06, 0.06]);
    expect(holmAdjust([0.2])).toEqual([0.2]);
    expect(holmAdjust([0.6, 0.7])).toEqual([1, 1]);
  });

  it("never lowers a p-value, never exceeds Bonferroni's, and keeps their order", () => {
    const ps = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(ps, (raw) => {
        const adjusted = holmAdjust(raw);
        raw.forEach((p, i) => {
          expect(adjusted[i]).toBeGreaterThanOrEqual(p);
          expect(adjusted[i]).toBeLessThanOrEqual(Math.min(1, raw.length * p) + 1e-15);
          raw.forEach((q, j) => {
            if (p < q) expect(adjusted[i]).toBeLessThanOrEqual(adjusted[j]!);
          });
        });
      }),
    );
  });
});
