import { describe, expect, it } from "vitest";
import { DEFAULT_PRIOR } from "../stats";
import { LIFT_PRIOR_PERCENT_DEFAULT, LIFT_PRIOR_PERCENT_MAX, LIFT_PRIOR_PERCENT_MIN, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, parseSettingsForm } from "./settings-form";

describe("parseSettingsForm", () => {
  it("answers the trimmed email and the days", () => {
    expect(parseSettingsForm({ ownerEmail: " owner@shop.example ", retentionDays: "90" })).toEqual({
      ok: true,
      value: { ownerEmail: "owner@shop.example", retentionDays: 90, liftPriorSd: 0.02, excludeStaff: false, notices: [] },
    });
  });
  it("defaults the typical lift to the engine's prior, as a new shop's setting", () => {
    expect(LIFT_PRIOR_PERCENT_DEFAULT / 100).toBe(DEFAULT_PRIOR.sd);
  });
  it("reads an empty email as none", () => {
    expect(parseSettingsForm({ ownerEmail: "  ", retentionDays: "395" })).toEqual({ ok: true, value: { ownerEmail: null, retentionDays: 395, liftPriorSd: 0.02, excludeStaff: false, notices: [] } });
  });
  it("switches on no notice unless asked (the spec's default), and reads the asked ones in Settings' order", () => {
    expect(parseSettingsForm({ ownerEmail: "o@a.example", retentionDays: "90" })).toMatchObject({ ok: true, value: { notices: [] } });
    expect(parseSettingsForm({ ownerEmail: "o@a.example", retentionDays: "90", notices: " srm, decided ,srm" })).toMatchObject({ ok: true, value: { notices: ["decided", "srm"] } });
  });
  it("asks for the owner's email when a notice is switched on without one", () => {
    expect(parseSettingsForm({ ownerEmail: " ", retentionDays: "90", notices: "decided" })).toEqual({
      ok: false,
      errors: { ownerEmail: "Enter the email these notices go to, or switch them off." },
    });
  });
  it("refuses a notice kind it does not know, by name", () => {
    const result = parseSettingsForm({ ownerEmail: "o@a.example", retentionDays: "90", notices: "decided,everything" });
    expect(result).toMatchObject({ ok: false, errors: { notices: expect.stringContaining('"everything" is not a notice') } });
  });
  it("reads the staff switch as on only when checked", () => {
    expect(parseSettingsForm({ retentionDays: "90", excludeStaff: "on" })).toMatchObject({ ok: true, value: { excludeStaff: true } });
    expect(parseSettingsForm({ retentionDays: "90", excludeStaff: "off" })).toMatchObject({ ok: true, value: { excludeStaff: false } });
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
  it("reads the typical lift in percent, with or without a % sign, as the prior's sd", () => {
    expect(parseSettingsForm({ retentionDays: "90", liftPriorPercent: "2.5" })).toMatchObject({ ok: true, value: { liftPriorSd: 0.025 } });
    expect(parseSettingsForm({ retentionDays: "90", liftPriorPercent: " 10 % " })).toMatchObject({ ok: true, value: { liftPriorSd: 0.1 } });
    expect(parseSettingsForm({ retentionDays: "90", liftPriorPercent: String(LIFT_PRIOR_PERCENT_MIN) }).ok).toBe(true);
    expect(parseSettingsForm({ retentionDays: "90", liftPriorPercent: String(LIFT_PRIOR_PERCENT_MAX) }).ok).toBe(true);
  });
  it.each(["", "0", "0.99", "50.5", "-5", "1e1", "five", "5.123"])("refuses the typical lift %j", (percent) => {
    const result = parseSettingsForm({ retentionDays: "90", liftPriorPercent: percent });
    expect(result).toEqual({ ok: false, errors: { liftPriorSd: expect.stringContaining("1 to 50") } });
  });
});
