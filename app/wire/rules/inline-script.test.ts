import { describe, expect, it } from "vitest";
import cases from "./inline-script.cases.json";
import { isInlineSafe } from "./inline-script";

describe("isInlineSafe (shared cases)", () => {
  it.each(cases.safe)("lets %j through", (code) => expect(isInlineSafe(code)).toBe(true));
  it.each(cases.unsafe)("catches %j", (code) => expect(isInlineSafe(code)).toBe(false));
});
