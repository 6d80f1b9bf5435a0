import { describe, expect, it } from "vitest";
import cases from "./selector-check.cases.json";
import { MAX_CHECK_CHANGES, MAX_CHECK_SELECTOR_LENGTH, reportedCount, selectorCheckReportIssues } from "./selector-check";

describe("selectorCheckReportIssues (shared cases)", () => {
  it.each(cases.valid)("accepts %j", (body) => expect(selectorCheckReportIssues(body)).toEqual([]));
  it.each(cases.invalid)("refuses $why", ({ body }) => expect(selectorCheckReportIssues(body)).not.toEqual([]));
});

describe("selectorCheckReportIssues", () => {
  const count = (i: number) => ({ arm: "t-b", index: i, sel: "#a", matched: 0 });

  it("names the field in each issue", () => {
    expect(selectorCheckReportIssues({ page: "x", changes: [count(0), { ...count(1), matched: -2 }] })).toEqual([
      "page: a path starting with /, up to 512 characters",
      "changes.1.matched: a whole number from 0 to 100000, or null",
    ]);
  });

  it("takes up to MAX_CHECK_CHANGES counts and selectors up to their limit, and no more", () => {
    const full = Array.from({ length: MAX_CHECK_CHANGES }, (_, i) => count(i % 100)).map((c, i) => ({ ...c, arm: `arm${Math.floor(i / 100)}` }));
    expect(selectorCheckReportIssues({ page: "/", changes: full })).toEqual([]);
    expect(selectorCheckReportIssues({ page: "/", changes: [...full, count(0)] })).toEqual(["changes: a list of at most 1000 counts"]);
    const long = "a".repeat(MAX_CHECK_SELECTOR_LENGTH);
    expect(selectorCheckReportIssues({ page: "/", changes: [{ ...count(0), sel: long }] })).toEqual([]);
    expect(selectorCheckReportIssues({ page: "/", changes: [{ ...count(0), sel: `${long}a` }] })).toHaveLength(1);
  });

  it("lists at most ten issues", () => {
    const bad = Array.from({ length: 30 }, (_, i) => ({ ...count(i), matched: -1 }));
    expect(selectorCheckReportIssues({ page: "/", changes: bad })).toHaveLength(10);
  });

  it("clamps counts as the report carries them", () => {
    expect([0, 3.7, 1e9, -4].map(reportedCount)).toEqual([0, 3, 100_000, 0]);
  });
});
