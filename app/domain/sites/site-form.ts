// The web-site form (name, domain, allowed origins, consent countries, consent platform, goals counted from
// the server): read, normalised and checked, with one message per field so the admin can show each under
// its own input.
import { isGoalLabel, MAX_GOAL_LENGTH } from "~/wire";
import { ISO_COUNTRIES } from "../iso-countries";

export interface SiteFormInput {
  name?: string | null;
  domain?: string | null;
  allowedOrigins?: string | null;
  consentCountries?: string | null;
  consentManagedByMerchant?: string | null;
  serverGoals?: string | null;
}

export interface SiteFields {
  name: string;
  /** An https origin (http only for localhost, for development). */
  domain: string;
  allowedOrigins: string[];
  consentCountries: string[];
  consentManagedByMerchant: boolean;
  /** Goal labels counted from the site's server only: the browser doors refuse them (app/domain/events/money-source.ts). */
  serverGoals: string[];
}

export type SiteFieldErrors = Partial<Record<keyof SiteFields, string>>;

export type SiteFormResult = { ok: true; value: SiteFields } | { ok: false; errors: SiteFieldErrors };

export const MAX_SITE_NAME = 100;
export const MAX_ALLOWED_ORIGINS = 20;
/** As many as a test has goals (test-form.ts) twice over: a site rarely sells in more ways. */
export const MAX_SERVER_GOALS = 20;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function parseSiteForm(input: SiteFormInput): SiteFormResult {
  const errors: SiteFieldErrors = {};
  const name = (input.name ?? "").trim();
  if (!name) errors.name = "Enter a name for the site.";
  else if (name.length > MAX_SITE_NAME) errors.name = `Use at most ${MAX_SITE_NAME} characters.`;

  const domain = parseDomain(input.domain ?? "");
  if (!domain.ok) errors.domain = domain.error;

  const origins = parseOrigins(input.allowedOrigins ?? "");
  if (!origins.ok) errors.allowedOrigins = origins.error;

  const countries = parseCountries(input.consentCountries ?? "");
  if (!countries.ok) errors.consentCountries = countries.error;

  const serverGoals = parseServerGoals(input.serverGoals ?? "");
  if (!serverGoals.ok) errors.serverGoals = serverGoals.error;

  if (!domain.ok || !origins.ok || !countries.ok || !serverGoals.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      domain: domain.value,
      allowedOrigins: origins.value,
      consentCountries: countries.value,
      consentManagedByMerchant: isChecked(input.consentManagedByMerchant),
      serverGoals: serverGoals.value,
    },
  };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** "example.com", "https://www.example.com/" → "https://www.example.com"; a path or query is refused. */
export function parseDomain(raw: string): Parsed<string> {
  const text = raw.trim();
  if (!text) return { ok: false, error: "Enter the site's domain, for example www.example.com." };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  const origin = parseOrigin(withScheme);
  if (!origin.ok) return { ok: false, error: `"${text}" is not a domain: ${origin.error}` };
  return origin;
}

/** One origin (scheme://host[:port]), normalised by the URL parser (lower-case host, default port dropped). */
function parseOrigin(text: string): Parsed<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: "enter it as https://host" };
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    return { ok: false, error: "use https:// (http:// only for localhost)" };
  }
  if (url.username || url.password) return { ok: false, error: "leave out the user name and password" };
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || /[?#]$/.test(text)) {
    return { ok: false, error: "leave out the path, query and fragment" };
  }
  if (!loopback && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(url.hostname)) {
    return { ok: false, error: "the host needs a dot, as in example.com" };
  }
  return { ok: true, value: url.origin };
}

/** Origins separated by new lines, commas or spaces; duplicates dropped. Empty: any origin may send events. */
export function parseOrigins(raw: string): Parsed<string[]> {
  const items = splitList(raw);
  const origins: string[] = [];
  for (const item of items) {
    const origin = parseOrigin(item);
    if (!origin.ok) return { ok: false, error: `"${item}" is not an origin: ${origin.error}` };
    if (!origins.includes(origin.value)) origins.push(origin.value);
  }
  if (origins.length > MAX_ALLOWED_ORIGINS) return { ok: false, error: `List at most ${MAX_ALLOWED_ORIGINS} origins.` };
  return { ok: true, value: origins };
}

/** ISO 3166-1 alpha-2 codes, any case, separated by commas or spaces; duplicates dropped. Empty: the default list. */
export function parseCountries(raw: string): Parsed<string[]> {
  const codes: string[] = [];
  const unknown: string[] = [];
  for (const item of splitList(raw)) {
    const code = item.toUpperCase();
    if (!ISO_COUNTRIES.has(code)) unknown.push(item);
    else if (!codes.includes(code)) codes.push(code);
  }
  if (unknown.length > 0) {
    return { ok: false, error: `Not ISO 3166-1 alpha-2 country codes: ${unknown.slice(0, 5).join(", ")} (use two letters, as DE or GB).` };
  }
  return { ok: true, value: codes };
}

/**
 * Goal labels, one per line or separated by commas (a label may hold spaces), trimmed; duplicates dropped.
 * Empty: every goal may come from the browser.
 */
export function parseServerGoals(raw: string): Parsed<string[]> {
  const labels: string[] = [];
  for (const item of raw.split(/[\n,]+/).map((l) => l.trim()).filter((l) => l.length > 0)) {
    if (!isGoalLabel(item)) return { ok: false, error: `"${(item as string).slice(0, 80)}" is not a goal label: use 1 to ${MAX_GOAL_LENGTH} characters, without tabs.` };
    if (!labels.includes(item)) labels.push(item);
  }
  if (labels.length > MAX_SERVER_GOALS) return { ok: false, error: `List at most ${MAX_SERVER_GOALS} goals.` };
  return { ok: true, value: labels };
}

function splitList(raw: string): string[] {
  return raw.split(/[\s,;]+/).filter((item) => item.length > 0);
}

/** An HTML checkbox sends "on" (or the value it was given) when checked and nothing when not. */
function isChecked(value: string | null | undefined): boolean {
  return value === "on" || value === "true" || value === "1";
}
