import { describe, expect, it } from "vitest";
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, parseSettingsForm } from "./settings-form";

describe("parseSettingsForm", () => {
  it("answers the trimmed email and the days", () => {
    expect(parseSettingsForm({ ownerEmail: " owner@shop.example ", retentionDays: "90" })).toEqual({
      ok: true,
      value: { ownerEmail: "owner@shop.example", retentionDays: 90 },
    });
  });
  it("reads an empty email as none", () => {
    expect(parseSettingsForm({ ownerEmail: "  ", retentionDays: "395" })).toEqual({ ok: true, value: { ownerEmail: null, retentionDays: 395 } });
  });
  it.each(["owner", "owner@", "@shop.example", "a b@shop.example", "owner@shop", `${"a".repeat(250)}@x.io`])("refuses the email %j", (email) => {
    const result = parseSettingsForm({ ownerEmail: email, retentionDays: "90" });
    expect(result).toEqual({ ok: false, errors: { ownerEmail: expect.any(String) } });
  });
  it("accepts the bounds themselves", () => {
    expect(parseSettingsForm({ retentionDays: String(RETENTION_DAYS_MIN) }).ok).toBe(true);
    expect(parseSettingsForm({ retentionDays: String(RETENTION_DAYS_MAX) }).ok).toBe(true);
  });
  it.each(["", "29", "1096", "90.5", "-40", "1e3", "ninety", null])("refuses the retention %j", (days) => {
    const result = parseSettingsForm({ ownerEmail: "", retentionDays: days });
    expect(result).toEqual({ ok: false, errors: { retentionDays: expect.stringContaining("30 to 1095") } });
  });
});
