// How the hot paths learn a visitor's country and address from a request: the settings they read it by.
import { appEnv } from "~/env.server";

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
