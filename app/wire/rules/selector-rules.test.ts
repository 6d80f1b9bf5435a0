import { describe, expect, it } from "vitest";
import cases from "./selector-rules.cases.json";
import { isRootSelector } from "./selector-rules";

describe("isRootSelector (shared cases)", () => {
  it.each(cases.root)("catches %j", (sel) => expect(isRootSelector(sel)).toBe(true));
  it.each(cases.notRoot)("lets %j through", (sel) => expect(isRootSelector(sel)).toBe(false));
});
