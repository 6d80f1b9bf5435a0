// Which language the consent prompt speaks: the server's rule, from the tag's declaration the snippet forwards
// and the browser's Accept-Language (the snippet used to choose; the choice moved here to keep it small).

/**
 * The languages the prompt is written in (ISO 639-1 codes), English first: it is the fallback. The text
 * lives on the server (app/domain/consent/prompt-text.ts).
 */
export const PROMPT_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "ar"] as const;
export type PromptLanguage = (typeof PROMPT_LANGUAGES)[number];

/**
 * A language tag whose primary subtag is a PromptLanguage, in any case: "de", "de-AT", "PT_br". Written
 * out rather than built from PROMPT_LANGUAGES (a test holds the two to the same list).
 */
export const SUPPORTED_TAG = /^(en|de|fr|es|it|nl|pt|pl|sv|da|ar)(?![a-z])/i;

/**
 * The first supported language among the tag's `data-svc-lang` (the snippet sends it as `lang`) and then
 * the browser's preferences (its Accept-Language, best first: acceptLanguages), by primary subtag and
 * ignoring case: "de-AT" is "de", "PT_br" is "pt". A tag naming an unsupported language is skipped like
 * any other. Nothing supported: English.
 */
export function promptLanguage(declared?: string | null, preferred: readonly string[] = []): PromptLanguage {
  for (const tag of [declared, ...preferred]) {
    // A non-string (null, undefined) reads as "null" or "undefined", which match no code.
    const match = SUPPORTED_TAG.exec(tag as string);
    if (match) return match[1]!.toLowerCase() as PromptLanguage;
  }
  return "en";
}

/**
 * The browser's languages from an Accept-Language header, best first: "de-DE,de;q=0.9,en;q=0.8" is
 * ["de-DE", "de", "en"]. Entries keep their order among equal weights; `q=0` (not wanted) and malformed
 * weights are left out; at most 20 entries are read. Browsers send navigator.languages this way.
 */
export function acceptLanguages(header: string | null | undefined): string[] {
  return (header ?? "")
    .split(",")
    .slice(0, 20)
    .map((entry, i) => {
      const [tag = "", ...params] = entry.split(";").map((p) => p.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : /^q=(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.test(q) ? Number(q.slice(2)) : 0;
      return { tag, weight, i };
    })
    .filter((e) => e.tag && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((e) => e.tag);
}
