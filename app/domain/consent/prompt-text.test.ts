import { describe, expect, it } from "vitest";
import { PROMPT_LANGUAGES } from "~/wire/rules/consent-language";
import { PROMPT_STYLE } from "./prompt-style";
import { consentPrompt, PROMPT_WORDS } from "./prompt-text";

describe("the consent prompt's words", () => {
  it("exist for exactly the languages the snippet may ask for", () => {
    expect(Object.keys(PROMPT_WORDS).sort()).toEqual([...PROMPT_LANGUAGES].sort());
  });

  it.each(PROMPT_LANGUAGES)("%s: every key, non-empty, trimmed plain text", (lang) => {
    const prompt = consentPrompt(lang);
    expect(Object.keys(prompt).sort()).toEqual(["allow", "decline", "dir", "lang", "message", "style"]);
    expect(prompt.lang).toBe(lang);
    expect(prompt.style).toBe(PROMPT_STYLE);
    for (const key of ["message", "allow", "decline"] as const) {
      const text = prompt[key];
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(1);
      // Plain text: nothing that looks like markup or an entity, and no control characters.
      expect(text).not.toMatch(/[<>]|&[#\w]+;|[\u0000-\u001f\u007f]/);
    }
    // A question, then what is stored and what is not: two sentences, the first asking.
    expect(prompt.message).toMatch(/[?？؟]/);
    // The buttons are short labels, and not the same word.
    expect(prompt.allow.length).toBeLessThanOrEqual(16);
    expect(prompt.decline.length).toBeLessThanOrEqual(16);
    expect(prompt.allow).not.toBe(prompt.decline);
  });

  it("translates: no language but English reuses the English words", () => {
    const en = consentPrompt("en");
    for (const lang of PROMPT_LANGUAGES.filter((l) => l !== "en")) {
      const words = consentPrompt(lang);
      expect(words.message).not.toBe(en.message);
      expect(words.allow).not.toBe(en.allow);
      expect(words.decline).not.toBe(en.decline);
    }
  });

  it("lays Arabic out right to left and every other language left to right", () => {
    expect(consentPrompt("ar").dir).toBe("rtl");
    // Written in Arabic script, not transliterated.
    expect(consentPrompt("ar").message).toMatch(/^[\u0600-\u06ff]/);
    for (const lang of PROMPT_LANGUAGES.filter((l) => l !== "ar")) expect(consentPrompt(lang).dir).toBe("ltr");
  });

  it("keeps today's English text", () => {
    expect(consentPrompt("en")).toEqual({
      style: PROMPT_STYLE,
      lang: "en",
      dir: "ltr",
      message:
        "May this site measure your visit anonymously to test page variants? A random id is stored on this device; nothing you type is collected.",
      allow: "Allow",
      decline: "No thanks",
    });
  });
});
