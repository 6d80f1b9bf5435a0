// Consent outside Shopify: the tag's declaration, a remembered answer, or GET /api/consent and the prompt.
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
  if (raw === "1" || (raw?.[0] === "n" && now - +raw.slice(1) < CONSENT_RECHECK_MS)) return true;
}

/**
 * Calls `start` once collection is allowed; until then nothing is stored, and only the Site ID and the
 * tag's declared prompt language (`data-svc-lang` as the merchant wrote it, empty without one) are sent:
 * the server picks the prompt's language from it and the browser's Accept-Language (promptLanguage in
 * app/wire/rules/consent-language.ts). Neither is encoded: the Site ID is URL-safe (isSiteId), and a
 * declaration that is not can only garble its own value (the server reads the first `site` and `lang`).
 */
export function whenConsented(tag: Tag, start: () => void): void {
  const known = tag.preconsented || rememberedConsent(read(KEY), Date.now());
  if (known !== undefined) {
    if (known) start();
    return;
  }
  void withDeadline(getJSON(`${tag.base}${ENDPOINTS.consent}?site=${tag.site}&lang=${tag.lang ?? ""}`), CONSENT_TIMEOUT_MS).then(
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
