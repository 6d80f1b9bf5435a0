// Which language the consent prompt speaks: one rule for the snippet (which asks) and the server (which answers).

/**
 * The languages the prompt is written in (ISO 639-1 codes), English first: it is the fallback. Only the
 * codes ride in the snippet; the text lives on the server (app/domain/consent/prompt-text.ts).
 */
export const PROMPT_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "ar"] as const;
export type PromptLanguage = (typeof PROMPT_LANGUAGES)[number];

/**
 * A language tag whose primary subtag is a PromptLanguage, in any case: "de", "de-AT", "PT_br". Written
 * out rather than built from PROMPT_LANGUAGES, so the snippet carries the codes once (a test holds the
 * two to the same list).
 */
export const SUPPORTED_TAG = /^(en|de|fr|es|it|nl|pt|pl|sv|da|ar)(?![a-z])/i;

/**
 * The first supported language among the tag's `data-svc-lang` and then the browser's preferences
 * (`navigator.languages`, best first), by primary subtag and ignoring case: "de-AT" is "de", "PT_br" is
 * "pt". A tag naming an unsupported language is skipped like any other. Nothing supported: English.
 * The server runs the same rule on the `lang` it is sent, so anything else it receives means English.
 */
export function promptLanguage(declared?: string | null, preferred: readonly string[] = []): PromptLanguage {
  for (const tag of [declared, ...preferred]) {
    // A non-string (null, undefined) reads as "null" or "undefined", which match no code.
    const match = SUPPORTED_TAG.exec(tag as string);
    if (match) return match[1]!.toLowerCase() as PromptLanguage;
  }
  return "en";
}
