import { describe, expect, it } from "vitest";
import { RETENTION_BATCH_SIZE, describeRetentionRun, retentionCutoff, shouldContinue } from "./retention";

describe("retentionCutoff", () => {
  it("goes back whole days from now", () => {
    expect(retentionCutoff(new Date("2026-03-31T12:00:00Z"), 30).toISOString()).toBe("2026-03-01T12:00:00.000Z");
  });
  it("refuses a retention that would delete everything", () => {
    expect(() => retentionCutoff(new Date(), 0)).toThrow(RangeError);
    expect(() => retentionCutoff(new Date(), 1.5)).toThrow(RangeError);
  });
});

describe("shouldContinue", () => {
  it("always runs the first batch", () => {
    expect(shouldContinue(0, 0)).toBe(true);
  });
  it("runs another batch while the last was full", () => {
    expect(shouldContinue(1, RETENTION_BATCH_SIZE)).toBe(true);
    expect(shouldContinue(3, 2, 2, 10)).toBe(true);
  });
  it("stops after a partial batch", () => {
    expect(shouldContinue(1, RETENTION_BATCH_SIZE - 1)).toBe(false);
    expect(shouldContinue(2, 0, 2, 10)).toBe(false);
  });
  it("stops when the run's budget for the shop is spent", () => {
    expect(shouldContinue(10, 2, 2, 10)).toBe(false);
  });
});

describe("describeRetentionRun", () => {
  it("names the counts, and failures only when there are some", () => {
    expect(describeRetentionRun({ shops: 2, deleted: 12, batches: 3, failedShops: 0, ms: 40 })).toBe(
      "retention: deleted 12 raw event(s) in 3 batch(es) across 2 shop(s) in 40 ms",
    );
    expect(describeRetentionRun({ shops: 2, deleted: 0, batches: 1, failedShops: 1, ms: 5 })).toContain(", 1 shop(s) failed");
  });
});
