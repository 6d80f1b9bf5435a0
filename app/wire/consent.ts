// Wire shape of GET /api/consent: does this visitor's region need consent before collection?

/**
 * Query of `GET /api/consent?site=SITE_ID`.
 * It carries the Site ID and nothing else: no visitor id, no session id, no URL, no cookies
 * (`credentials: "omit"`) and no Referer (`referrerPolicy: "no-referrer"`). The server decides
 * from the request's own network facts (e.g. its geo-IP country) and must not store them.
 */
export interface ConsentQuery {
  site: string;
}

/**
 * Response body (JSON, 200). `required: true` means the snippet shows its consent prompt and waits
 * for the visitor's answer. Anything else (non-2xx, not JSON, missing or non-boolean `required`)
 * makes the snippet do nothing on this pageview.
 */
export interface ConsentResponse {
  required: boolean;
}
