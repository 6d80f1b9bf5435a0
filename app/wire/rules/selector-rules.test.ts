import { describe, expect, it } from "vitest";
import cases from "./selector-rules.cases.json";
import { isRootSelector, isSweepingSelector } from "./selector-rules";

describe("isRootSelector (shared cases)", () => {
  it.each(cases.root)("catches %j", (sel) => expect(isRootSelector(sel)).toBe(true));
  it.each(cases.notRoot)("lets %j through", (sel) => expect(isRootSelector(sel)).toBe(false));
});

describe("isSweepingSelector (shared cases)", () => {
  it.each(cases.sweeping)("refuses %j for a hide or a replace", (sel) => expect(isSweepingSelector(sel)).toBe(true));
  it.each(cases.notSweeping)("lets %j through", (sel) => expect(isSweepingSelector(sel)).toBe(false));
});
