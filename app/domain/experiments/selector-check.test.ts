import { describe, expect, it } from "vitest";
import { MAX_CHECK_SELECTOR_LENGTH } from "~/wire/rules/selector-check";
import { PATCH_LIMITS } from "./patch-shape";
import { checkableChanges, hasCheckableChanges, matchReport, readStoredChanges, reviewCheck, type CheckArm, type SelectorCheck } from "./selector-check";

const arms: CheckArm[] = [
  { id: "t-a", name: "Original", patches: [{ op: "hide", sel: "#control-never" }] },
  {
    id: "t-b",
    name: "Bold button",
    patches: [
      { op: "hide", sel: ".promo-bar" },
      { op: "css", value: ".x { color: red }" },
      { op: "text", sel: "#headline", value: "New" },
    ],
  },
  { id: "t-c", name: "Elsewhere", patches: [] },
  { id: "t-d", name: "Quiet", patches: [{ op: "class", sel: ".cta", add: ["big"] }] },
];

describe("checkableChanges", () => {
  it("takes every variant's change that has a selector, by arm and place, not the control's nor a style sheet", () => {
    expect(checkableChanges(arms)).toEqual([
      { arm: "t-b", index: 0, op: "hide", sel: ".promo-bar" },
      { arm: "t-b", index: 2, op: "text", sel: "#headline" },
      { arm: "t-d", index: 0, op: "class", sel: ".cta" },
    ]);
    expect(hasCheckableChanges(arms)).toBe(true);
    expect(hasCheckableChanges(arms.slice(0, 1))).toBe(false);
  });

  it("reads nothing from stored patches that are no longer valid", () => {
    expect(checkableChanges([arms[0]!, { ...arms[1]!, patches: [{ op: "hide", sel: "body" }] }])).toEqual([]);
  });

  it("checks selectors as long as a change may have them", () => {
    expect(MAX_CHECK_SELECTOR_LENGTH).toBe(PATCH_LIMITS.selector);
  });
});

describe("matchReport", () => {
  const expected = checkableChanges(arms);
  const report = (changes = expected.map((c, i) => ({ arm: c.arm, index: c.index, sel: c.sel, matched: i === 0 ? 0 : 2 }))) => ({ page: "/products/shirt", changes });

  it("puts each count on its change", () => {
    expect(matchReport(expected, report())).toEqual({
      ok: true,
      changes: [
        { arm: "t-b", index: 0, op: "hide", sel: ".promo-bar", matched: 0 },
        { arm: "t-b", index: 2, op: "text", sel: "#headline", matched: 2 },
        { arm: "t-d", index: 0, op: "class", sel: ".cta", matched: 2 },
      ],
    });
  });

  it("refuses a report on changes edited, added or removed since, naming them", () => {
    const edited = report().changes.map((c, i) => (i === 1 ? { ...c, sel: "#old" } : c));
    expect(matchReport(expected, report(edited))).toEqual({
      ok: false,
      issues: ["changes.1: arm t-b has no change 2 with this selector now"],
    });
    expect(matchReport(expected, report([...report().changes, { arm: "t-a", index: 0, sel: "#x", matched: 1 }])).ok).toBe(false);
    expect(matchReport(expected, report(report().changes.slice(1)))).toEqual({ ok: false, issues: ["changes: arm t-b's change 0 (.promo-bar) is not counted"] });
  });
});

describe("reviewCheck: which changes warn", () => {
  const check = (matched: Array<number | null>): SelectorCheck => ({
    checkedAt: "2026-11-26T10:00:00.000Z",
    page: "/products/shirt",
    changes: checkableChanges(arms).map((c, i) => ({ ...c, matched: i < matched.length ? (matched[i] as number | null) : 1 })),
  });

  it("warns on each change that matched nothing, by the arm's name, the change's name, its selector and the page", () => {
    const view = reviewCheck(check([0, 3, 1]), arms, ["/products/*"]);
    expect(view.warnings.map((w) => w.sentence)).toEqual(["Arm 'Bold button': 'Hide elements' selector `.promo-bar` matched nothing on /products/shirt"]);
    expect(view).toMatchObject({ counted: 3, current: true, onTestPages: true, page: "/products/shirt", checkedAt: "2026-11-26T10:00:00.000Z" });
  });

  it("warns when the browser could not run a selector, and on nothing when everything matched", () => {
    expect(reviewCheck(check([1, null, 1]), arms, ["/"]).warnings.map((w) => w.sentence)).toEqual([
      "Arm 'Bold button': 'Replace text' selector `#headline` could not be run by the browser on /products/shirt",
    ]);
    expect(reviewCheck(check([1, 1, 1]), arms, ["/"]).warnings).toEqual([]);
  });

  it("names arms as they are called now, and says when the changes were edited since the check", () => {
    const renamed = arms.map((a) => (a.id === "t-d" ? { ...a, name: "Loud" } : a));
    expect(reviewCheck(check([1, 1, 0]), renamed, ["/"]).warnings[0]?.sentence).toMatch(/^Arm 'Loud': 'Add or remove classes' selector `.cta`/);
    const edited = arms.map((a) => (a.id === "t-d" ? { ...a, patches: [{ op: "class", sel: ".cta-new", add: ["big"] }] } : a));
    expect(reviewCheck(check([1, 1, 0]), edited, ["/"]).current).toBe(false);
    const added = arms.map((a) => (a.id === "t-d" ? { ...a, patches: [...(a.patches as unknown[]), { op: "hide", sel: "#x" }] } : a));
    expect(reviewCheck(check([1, 1, 1]), added, ["/"]).current).toBe(false);
  });
});

describe("reviewCheck: the page checked", () => {
  const check: SelectorCheck = { checkedAt: "2026-11-26T10:00:00.000Z", page: "/products/shirt", changes: [] };

  it("says whether the test runs on it by its path rules, and cannot tell for template rules", () => {
    expect(reviewCheck(check, arms, ["/products/*"]).onTestPages).toBe(true);
    expect(reviewCheck(check, arms, ["/", "/pricing"]).onTestPages).toBe(false);
    expect(reviewCheck(check, arms, ["template:product"]).onTestPages).toBeNull();
    expect(reviewCheck(check, arms, ["template:product", "/products/shirt"]).onTestPages).toBe(true);
  });
});

describe("readStoredChanges", () => {
  it("reads back what was stored, and nothing of another shape", () => {
    const stored = [{ arm: "t-b", index: 0, op: "hide", sel: ".x", matched: null }];
    expect(readStoredChanges(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(readStoredChanges([{ arm: "t-b", index: 0, op: "explode", sel: ".x", matched: 1 }])).toBeNull();
    expect(readStoredChanges({})).toBeNull();
  });
});
