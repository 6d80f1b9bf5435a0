import fc from "fast-check";
import { describe, expect, it } from "vitest";
import cases from "./consent-language.cases.json";
import { acceptLanguages, PROMPT_LANGUAGES, promptLanguage, SUPPORTED_TAG } from "./consent-language";

type Case = [declared: string | null, preferred: string[] | null, expected: string];

describe("promptLanguage (shared cases)", () => {
  it.each(cases.cases as Case[])("tag %j, browser %j → %s", (declared, preferred, expected) => {
    expect(promptLanguage(declared, preferred ?? undefined)).toBe(expected);
  });

  it("names every supported code back as itself, in any case, with any region", () => {
    for (const code of PROMPT_LANGUAGES) {
      expect(promptLanguage(code)).toBe(code);
      expect(promptLanguage(null, [`${code.toUpperCase()}-XY`])).toBe(code);
    }
  });

  it("matches tags by exactly the codes of PROMPT_LANGUAGES", () => {
    expect(SUPPORTED_TAG.source).toBe(`^(${PROMPT_LANGUAGES.join("|")})(?![a-z])`);
    expect(SUPPORTED_TAG.flags).toBe("i");
  });

  it("always answers a supported code, whatever it is given", () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.array(fc.string()), (declared, preferred) => {
        expect(PROMPT_LANGUAGES).toContain(promptLanguage(declared, preferred));
      }),
    );
  });
});

describe("acceptLanguages (shared cases)", () => {
  it.each(cases.acceptLanguage as [string | null, string[]][])("Accept-Language %j → %j", (header, expected) => {
    expect(acceptLanguages(header)).toEqual(expected);
  });

  it("never throws, and reads at most 20 entries", () => {
    fc.assert(fc.property(fc.string(), (header) => acceptLanguages(header).length <= 20));
  });
});
