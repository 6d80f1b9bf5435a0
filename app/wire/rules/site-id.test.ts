import { describe, expect, it } from "vitest";
import cases from "./site-id.cases.json";
import { isSiteId } from "./site-id";

describe("isSiteId (shared cases)", () => {
  it.each(cases.valid)("accepts %j", (id) => expect(isSiteId(id)).toBe(true));
  it.each(cases.invalid)("refuses %j", (id) => expect(isSiteId(id)).toBe(false));
  it.each([[42], [null], [undefined], [{}]])("refuses the non-string %j", (value) => expect(isSiteId(value)).toBe(false));
});
