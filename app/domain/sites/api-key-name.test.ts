import { describe, expect, it } from "vitest";
import { parseApiKeyName } from "./api-key-name";

describe("parseApiKeyName", () => {
  it("trims the name", () => {
    expect(parseApiKeyName("  CRM ")).toEqual({ ok: true, value: "CRM" });
  });
  it.each([null, "", "   ", "x".repeat(61)])("refuses %j", (name) => {
    expect(parseApiKeyName(name).ok).toBe(false);
  });
});
