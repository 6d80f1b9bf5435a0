// Consent outside Shopify: the tag's declaration, a remembered answer, or GET /api/consent and the prompt.
import { promptLanguage } from "../../app/wire/rules/consent-language";
import { ENDPOINTS } from "../../app/wire/limits";
import { guard, isObject } from "./guard";
import { getJSON, withDeadline } from "./http";
import { parsePrompt, showPrompt } from "./prompt";
import { read, write } from "./storage";
import type { Tag } from "./tag";
import { CONSENT_RECHECK_MS, CONSENT_TIMEOUT_MS } from "./timing";

const KEY = "svc_consent";

/**
 * The remembered state, stored only once it is known: "1" allowed, "0" declined (both kept until
 * storage is cleared), "n<ms>" no consent needed in this region (re-checked after a day).
 */
export function rememberedConsent(raw: string | null, now: number): boolean | undefined {
  if (raw === "0") return false;
  if (raw === "1" || (raw?.[0] === "n" && now - Number(raw.slice(1)) < CONSENT_RECHECK_MS)) return true;
}

/**
 * Calls `start` once collection is allowed; until then nothing is stored, and only the Site ID and the
 * prompt's language (one code of PROMPT_LANGUAGES) are sent.
 */
export function whenConsented(tag: Tag, start: () => void): void {
  const known = tag.preconsented || rememberedConsent(read(KEY), Date.now());
  if (known !== undefined) {
    if (known) start();
    return;
  }
  const lang = promptLanguage(tag.lang, navigator.languages);
  void withDeadline(getJSON(`${tag.base}${ENDPOINTS.consent}?site=${encodeURIComponent(tag.site)}&lang=${lang}`), CONSENT_TIMEOUT_MS).then(
    guard((body) => {
      if (!isObject(body) || typeof body.required !== "boolean") return;
      if (!body.required) {
        write(KEY, "n" + Date.now());
        start();
        return;
      }
      // Asked without words to ask with: svc stays off on this pageview.
      const text = parsePrompt(body.prompt);
      if (!text) return;
      showPrompt(text, (granted) => {
        write(KEY, granted ? "1" : "0");
        if (granted) start();
      });
    }),
  );
}
