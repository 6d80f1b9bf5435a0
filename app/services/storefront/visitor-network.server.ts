// How the hot paths learn a visitor's country and address from a request: the settings they read it by.
import { normalizeCountry } from "~/domain/consent/region";
import { appEnv } from "~/env.server";
import { countryOfAddress } from "~/infra/geoip.server";

/** How this server learns a visitor's country and address from a request (SVC_COUNTRY_HEADER, SVC_TRUST_PROXY). */
export interface VisitorNetwork {
  /** The trusted CDN header carrying the visitor's country, lower-cased; null when none is configured. */
  countryHeader: string | null;
  /** Behind a reverse proxy: the client's address is read from X-Forwarded-For (app/http/client-address.ts). */
  trustProxy: boolean;
}

/** The configuration's answer, for the door that reads the request. */
export function visitorNetwork(): VisitorNetwork {
  const { countryHeader, trustProxy } = appEnv();
  return { countryHeader, trustProxy };
}

/** The request's country: the trusted header's value when it holds one, else the offline GeoIP lookup of the address. */
export async function requestCountry(headerCountry: string | null | undefined, address: string | undefined): Promise<string | null> {
  return normalizeCountry(headerCountry) ?? (await countryOfAddress(address));
}
