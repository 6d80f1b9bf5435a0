import { describe, expect, it } from "vitest";
import languages from "../../app/wire/rules/consent-language.cases.json";
import { promptLanguage } from "../../app/wire/rules/consent-language";
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

// The same table the server's tests run (app/wire/rules/consent-language.test.ts): the snippet asks for the
// language the server will answer in.
describe("promptLanguage (shared cases)", () => {
  it.each(languages.cases as [string | null, string[] | null, string][])("tag %j, browser %j → %s", (declared, preferred, expected) => {
    expect(promptLanguage(declared, preferred ?? undefined)).toBe(expected);
  });
});
