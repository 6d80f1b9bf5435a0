import { describe, expect, it } from "vitest";
import { rememberedConsent } from "../src/consent";
import { CONSENT_RECHECK_MS } from "../src/timing";

describe("rememberedConsent", () => {
  const now = 5_000_000_000;
  it.each([
    [null, undefined],
    ["1", true],
    ["0", false],
    [`n${now - 1000}`, true],
    [`n${now - CONSENT_RECHECK_MS}`, undefined],
    ["nonsense", undefined],
    ["n", undefined],
  ])("%s → %s", (raw, expected) => {
    expect(rememberedConsent(raw, now)).toBe(expected);
  });
});
