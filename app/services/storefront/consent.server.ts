// GET /api/consent: whether this visitor's region needs consent before the snippet collects anything, and the prompt's words.
import { consentPrompt } from "~/domain/consent/prompt-text";
import { consentRequired, normalizeCountry } from "~/domain/consent/region";
import { isSiteId, type ConsentQuery, type ConsentResponse } from "~/wire";
import { acceptLanguages, promptLanguage } from "~/wire/rules/consent-language";
import { countryOfAddress } from "~/infra/geoip.server";
import { throttleSnippetRequest } from "~/services/limits.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { getSiteConfig } from "~/services/site-cache.server";

export interface ConsentRequest extends ConsentQuery {
  /** The trusted CDN country header's value, when one is configured. */
  headerCountry: string | null;
  address: string | undefined;
  /** The request's Accept-Language header: the browser's languages, after the tag's declared `lang`. */
  acceptLanguage?: string | null;
}


export async function consentFor({ site: siteId, lang, headerCountry, address, acceptLanguage }: ConsentRequest): Promise<Outcome<ConsentResponse>> {
  if (!isSiteId(siteId)) return fail({ status: 400, type: "invalid-site", title: "site must be a Site ID" });
  const site = await getSiteConfig(siteId, address);
  if (!site) return fail({ status: 404, type: "unknown-site", title: "Unknown Site ID" });
  // A consent request names no visitor, so only the site's bucket counts it.
  const throttled = await throttleSnippetRequest(site.id, null);
  if (!throttled.ok) return throttled;
  const country = normalizeCountry(headerCountry) ?? (await countryOfAddress(address));
  if (!consentRequired(country, site.consentCountries)) return ok({ required: false });
  // `lang` is the tag's declaration as written: whatever arrives is only ever a preference, never refused.
  return ok({ required: true, prompt: consentPrompt(promptLanguage(lang, acceptLanguages(acceptLanguage))) });
}
