// Wire shape of GET /api/consent: does this visitor's region need consent before collection, and how to ask.

/**
 * Query of `GET /api/consent?site=SITE_ID&lang=LANG`.
 * It carries the Site ID and the tag's declared prompt language, and nothing else: no visitor id, no
 * session id, no URL, no cookies (`credentials: "omit"`) and no Referer (`referrerPolicy: "no-referrer"`).
 * `lang` is the tag's `data-svc-lang` as the merchant wrote it (empty without one): the page's words, not
 * the visitor's. The server picks the prompt's language with promptLanguage
 * (app/wire/rules/consent-language.ts) from it and then the browser's Accept-Language header, which every
 * request carries anyway (so the answer varies by it). The server decides from the request's own network
 * facts (e.g. its geo-IP country) and must not store them.
 */
export interface ConsentQuery {
  site: string;
  /** Missing, unknown or malformed: the browser's Accept-Language decides, else English (never an error). */
  lang?: string;
}

/**
 * The prompt in one language: its words, shown as plain text (never parsed as HTML), and its look. Both
 * come from the server so that the snippet, which every shopper downloads, carries neither.
 */
export interface ConsentPrompt {
  /** The language's code (a PromptLanguage), set as the prompt's `lang`. */
  lang: string;
  /** Set as the prompt's `dir`: "rtl" for right-to-left scripts. */
  dir: "ltr" | "rtl";
  /** The question. */
  message: string;
  /** The button that grants consent. */
  allow: string;
  /** The button that declines. */
  decline: string;
  /**
   * The style sheet of the prompt's shadow root (set as a `<style>`'s text), whose content is
   * `div[role=region] > p#t + button#y + button#n`: the region, the message, Allow and decline.
   */
  style: string;
}

/**
 * Response body (JSON, 200). `required: true` comes with `prompt`, the text to ask with, in the
 * language of `lang`; the snippet shows it and waits for the visitor's answer. Anything else
 * (non-2xx, not JSON, missing or non-boolean `required`, `required: true` without a well-formed
 * `prompt`: every field a non-empty string) makes the snippet do nothing on this pageview.
 */
export interface ConsentResponse {
  required: boolean;
  prompt?: ConsentPrompt;
}
