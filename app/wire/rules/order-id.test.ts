import { describe, expect, it } from "vitest";
import cases from "./order-id.cases.json";
import { normalOrderId } from "./order-id";

describe("normalOrderId", () => {
  it.each(cases.normal)("%j is order %s", (input, id) => expect(normalOrderId(input)).toBe(id));
  it.each(cases.refused.map((c) => [c]))("refuses %j", (input) => expect(normalOrderId(input)).toBeNull());
  it("refuses an unsafe integer rather than a rounded id", () => expect(normalOrderId(2 ** 64)).toBeNull());
});
