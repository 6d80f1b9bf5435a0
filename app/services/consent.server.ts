// GET /api/consent: whether this visitor's region needs consent before the snippet collects anything.
import { consentRequired, normalizeCountry } from "~/domain/consent-region";
import type { SiteConfig } from "~/domain/site-config";
import type { ConsentResponse } from "~/wire";
import { countryOfAddress } from "./geoip.server";

export interface ConsentInput {
  site: SiteConfig;
  /** The trusted CDN country header's value, when one is configured. */
  headerCountry: string | null;
  address: string | undefined;
}

export async function consentFor({ site, headerCountry, address }: ConsentInput): Promise<ConsentResponse> {
  const country = normalizeCountry(headerCountry) ?? (await countryOfAddress(address));
  return { required: consentRequired(country, site.consentCountries) };
}
