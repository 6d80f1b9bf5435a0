// Audience rules: who may enter a test. The one implementation: the server decides what it can know
// (device, visitor type, traffic source, country, Shopify market/language/currency/customer) in patchesFor,
// the snippet checks what only the page knows (a query parameter, a cookie) and builds the landing facts it
// sends. Both test suites run audience.cases.json (app/wire/rules/audience.test.ts, snippet/test/audience.test.ts).
// What each rule reads, stores (nothing personal) and where it is decided: docs/audiences.md.

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const CHANNELS = ["direct", "organic-search", "paid-search", "social", "email", "referral"] as const;
export type Channel = (typeof CHANNELS)[number];
export const UTM_NAMES = ["source", "medium", "campaign"] as const;
export type UtmName = (typeof UTM_NAMES)[number];

export const AUDIENCE_KINDS = [
  "device", "visitor", "channel", "utm", "country", "market", "language", "currency", "customer", "query", "cookie",
] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/**
 * One rule: the visitor matches when their fact for `kind` (and `name`, for utm, query and cookie) is one
 * of `values`. For utm, query and cookie an empty `values` means "present, with any value". Rules of a
 * test's audience are combined with AND; an empty audience is every visitor.
 */
export interface AudienceRule {
  kind: AudienceKind;
  /** utm: "source" | "medium" | "campaign"; query: the parameter's name; cookie: the cookie's name. */
  name?: string;
  values: string[];
}
export type Audience = AudienceRule[];

/** The kinds only the page can check (the snippet, per pageview); the server decides every other. */
export const PAGE_KINDS: readonly AudienceKind[] = ["query", "cookie"];
/** The kinds only a Shopify storefront can tell (printed by the app embed): never matched elsewhere. */
export const SHOPIFY_KINDS: readonly AudienceKind[] = ["market", "language", "currency", "customer"];

/**
 * A page condition as the snippet receives it in an assignment's `if`: strings, any of which the page's
 * `pageText` must contain. Query needles start with "?" or "&" (`?promo=`, `&promo&` present,
 * `&promo=summer&` that value); cookie needles with "; " (`; vip=` set, `; vip=gold;` that value). Built by
 * pageConditions, so that the snippet only searches.
 */
export type PageCondition = string[];

/**
 * What page conditions search: location.search + "&; " + document.cookie + ";". A query needle cannot match
 * in the cookies' part unless a cookie's value spells "&name=", and a cookie needle never matches in the
 * query's part, where a space is always percent-encoded.
 */
export const pageText = (search: string, cookie: string) => search + "&; " + cookie + ";";

/** Whether every condition holds on the page whose pageText is `text`. */
export const pageConditionsHold = (conditions: readonly PageCondition[] | undefined, text: string): boolean =>
  !conditions || conditions.every((any) => any.some((n) => text.includes(n)));

/**
 * The landing facts the snippet sends with every /api/patches request of a tab's session, taken on the
 * first pageview svc runs on in that tab and kept in sessionStorage: `&nv=1` for a new visitor (no svc
 * visitor id in this browser before this session) or `&nv=0`; `&ref=` and the referrer's host (and port),
 * never its path or query; and the landing page's own `utm_*` parameters as they stand in its URL (the
 * server reads utm_source, utm_medium and utm_campaign), no other parameter. The pattern is loose on
 * purpose (each byte of the snippet counts): a parameter whose name merely ends in utm_… counts too.
 */
export const landingQuery = (search: string, referrer: string, isNew: boolean): string =>
  "&nv=" + +isNew + "&ref=" + (referrer.split("/")[2] ?? "") + "&" + (search.match(/utm_\w+=[^&]*/g)?.join("&") ?? "");

/** What the server knows of a visitor for the rules it decides; null: not known (the rule does not match). */
export interface VisitorFacts {
  device: DeviceClass;
  /** From the landing facts' `nv`; null when the snippet sent none. */
  returning: boolean | null;
  channel: Channel;
  utm: Partial<Record<UtmName, string>>;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  market: string | null;
  language: string | null;
  currency: string | null;
  customer: boolean | null;
}

/**
 * The device class from the User-Agent header, one rule: a tablet names itself (iPad, Tablet, Kindle,
 * Silk, PlayBook) or is Android without "Mobile"; a mobile says Mobi, iPhone, iPod, Android, Windows
 * Phone, BlackBerry or Opera Mini; everything else is a desktop (an empty or unknown agent too). iPadOS
 * 13 and later sends a Mac's agent by default, so such an iPad counts as a desktop.
 */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|Kindle|Silk|PlayBook/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua))) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(ua)) return "mobile";
  return "desktop";
}

const SEARCH_ENGINES = /(^|\.)(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|qwant|startpage|naver|seznam|ask)\.[a-z.]+$|^search\.brave\.com$/;
const SOCIAL_SITES =
  /(^|\.)(facebook\.com|fb\.com|instagram\.com|t\.co|twitter\.com|x\.com|linkedin\.com|lnkd\.in|pinterest\.[a-z.]+|reddit\.com|tiktok\.com|youtube\.com|snapchat\.com|threads\.net|whatsapp\.com|tumblr\.com|vk\.com)$/;
const SOCIAL_SOURCES = /^(facebook|fb|instagram|ig|twitter|x|linkedin|pinterest|reddit|tiktok|youtube|snapchat|threads|whatsapp)$/;
const PAID_MEDIUMS = /^(cpc|ppc|paid|paidsearch|paid[-_ ]search|sem)$/;
const EMAIL = /^(e[-_ ]?mail|newsletter)$/;
const SOCIAL_MEDIUMS = /^(social|social[-_ ]?(network|media)|sm|paid[-_ ]?social)$/;

/**
 * The landing's channel, one table (docs/audiences.md), first match wins, UTM values compared in lower case:
 * 1. email: utm_medium or utm_source is email, e-mail, e_mail or newsletter;
 * 2. social: utm_medium social (social-network, social-media, sm, paid-social), utm_source a social site's
 *    name (facebook, instagram, …), or a referrer on a social site (facebook.com, t.co, linkedin.com, …);
 * 3. paid search: utm_medium cpc, ppc, paid, paid-search or sem;
 * 4. organic search: utm_medium organic, or a referrer on a search engine (google.*, bing.*, duckduckgo.*, …);
 * 5. referral: any other UTM-tagged landing, or a referrer on another host;
 * 6. direct: no UTM and no referrer, or a referrer on the page's own host.
 */
export function channelOf(utm: VisitorFacts["utm"], referrerHost: string | null, pageHost: string | null): Channel {
  const source = (utm.source ?? "").toLowerCase();
  const medium = (utm.medium ?? "").toLowerCase();
  const ref = (referrerHost ?? "").toLowerCase().replace(/^www\./, "");
  const external = !!ref && ref !== (pageHost ?? "").toLowerCase().replace(/^www\./, "");
  if (EMAIL.test(medium) || EMAIL.test(source)) return "email";
  if (SOCIAL_MEDIUMS.test(medium) || SOCIAL_SOURCES.test(source) || (external && SOCIAL_SITES.test(ref))) return "social";
  if (PAID_MEDIUMS.test(medium)) return "paid-search";
  if (medium === "organic" || (external && SEARCH_ENGINES.test(ref))) return "organic-search";
  if (source || medium || utm.campaign || external) return "referral";
  return "direct";
}

/**
 * The Shopify facts the app embed prints as `data-svc-aud` (extensions/svc-embed), forwarded by the
 * snippet as `a`: "market|language|currency|customer", from Liquid's `localization.market.handle`,
 * `request.locale.iso_code`, `cart.currency.iso_code` and `customer` ("1" logged in, "0" not). Each part
 * is kept only when it looks like what Liquid prints; anything else is unknown.
 */
export function shopifyFacts(a: string | null | undefined): Pick<VisitorFacts, "market" | "language" | "currency" | "customer"> {
  const [market, language, currency, customer] = (a ?? "").split("|");
  const m = market?.toLowerCase();
  return {
    market: m && /^[a-z0-9][a-z0-9-]{0,63}$/.test(m) ? m : null,
    language: language && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language) ? language.toLowerCase() : null,
    currency: currency && /^[a-z]{3}$/i.test(currency) ? currency.toUpperCase() : null,
    customer: customer === "1" ? true : customer === "0" ? false : null,
  };
}

/** What the server reads a visitor's facts from: the /api/patches query (PatchesQuery) and its request. */
export interface FactSources {
  userAgent?: string | null;
  /** The query's `nv`, `utm_source`, `utm_medium`, `utm_campaign`, `ref` and `a`. */
  /** The page's host: the request's Origin (a cross-origin fetch), else its Host (the page is ours). */
  pageHost?: string | null;
  nv?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  ref?: string | null;
  a?: string | null;
  /** ISO 3166-1 alpha-2 from the trusted header or GeoIP; null when unknown. */
  country?: string | null;
}

/** The visitor's facts, from what the snippet sent and the request; anything malformed reads as unknown. */
export function visitorFacts(s: FactSources): VisitorFacts {
  const clip = (v: string | null | undefined) => (v ? v.slice(0, MAX_AUDIENCE_VALUE_LENGTH) : undefined);
  const utm: VisitorFacts["utm"] = {};
  for (const [name, v] of [["source", s.utm_source], ["medium", s.utm_medium], ["campaign", s.utm_campaign]] as const) {
    const value = clip(v);
    if (value) utm[name] = value;
  }
  // The referrer's host as the snippet cut it from the URL: the port, if any, goes.
  const host = s.ref?.replace(/:\d+$/, "");
  const ref = host && /^[a-z0-9.-]{1,253}$/i.test(host) ? host : null;
  return {
    device: deviceClass(s.userAgent),
    returning: s.nv === "0" ? true : s.nv === "1" ? false : null,
    channel: channelOf(utm, ref, s.pageHost?.replace(/:\d+$/, "") ?? null),
    utm,
    country: s.country && /^[A-Z]{2}$/i.test(s.country) ? s.country.toUpperCase() : null,
    ...shopifyFacts(s.a),
  };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether the visitor matches one rule the server decides; page rules (query, cookie) are left to the page: true. */
export function ruleMatches(rule: AudienceRule, facts: VisitorFacts): boolean {
  const { values } = rule;
  const anyOf = (fact: string | null | undefined) => fact != null && values.some((v) => same(v, fact));
  switch (rule.kind) {
    case "device":
      return anyOf(facts.device);
    case "visitor":
      return facts.returning !== null && anyOf(facts.returning ? "returning" : "new");
    case "channel":
      return anyOf(facts.channel);
    case "utm": {
      const got = facts.utm[rule.name as UtmName];
      return !!got && (values.length === 0 || anyOf(got));
    }
    case "country":
      return anyOf(facts.country);
    case "market":
      return anyOf(facts.market);
    case "currency":
      return anyOf(facts.currency);
    case "language":
      // "en" covers "en-US"; "pt-BR" only itself.
      return facts.language !== null && values.some((v) => same(v, facts.language!) || same(v, facts.language!.split("-")[0]!));
    case "customer":
      return facts.customer !== null && anyOf(facts.customer ? "logged-in" : "guest");
    case "query":
    case "cookie":
      return true;
  }
}

/** Whether the server admits the visitor: every rule it decides holds (the page rules are checked by the snippet). */
export function audienceAdmits(audience: Audience, facts: VisitorFacts): boolean {
  return audience.every((rule) => ruleMatches(rule, facts));
}

/** A query parameter's name or value as a URL may spell it: encoded, with "+" for spaces, or as typed. */
function spellings(text: string): string[] {
  const encoded = encodeURIComponent(text);
  return [...new Set([encoded, encoded.replace(/%20/g, "+"), ...(/[&=#%+\s]/.test(text) ? [] : [text])])];
}

/** The page conditions the snippet checks for this audience (PageCondition); undefined when there are none. */
export function pageConditions(audience: Audience): PageCondition[] | undefined {
  const conditions = audience.flatMap((r): PageCondition[] => {
    const name = r.name ?? "";
    if (r.kind === "cookie") return [r.values.length ? r.values.map((v) => `; ${name}=${v};`) : [`; ${name}=`]];
    if (r.kind !== "query") return [];
    const names = ["?", "&"].flatMap((at) => spellings(name).map((n) => at + n));
    return [
      r.values.length
        ? [...new Set(names.flatMap((n) => r.values.flatMap((v) => spellings(v).map((w) => `${n}=${w}&`))))]
        : names.flatMap((n) => [`${n}=`, `${n}&`]),
    ];
  });
  return conditions.length > 0 ? conditions : undefined;
}

/** Whether any rule needs the visitor's country (the GeoIP lookup is skipped otherwise). */
export const needsCountry = (audience: Audience) => audience.some((r) => r.kind === "country");

export const MAX_AUDIENCE_RULES = 10;
export const MAX_AUDIENCE_VALUES = 20;
export const MAX_AUDIENCE_VALUE_LENGTH = 100;
/** The kinds whose values are a closed set, with that set: the form offers them as checkboxes. */
export const CLOSED_VALUES: Partial<Record<AudienceKind, readonly string[]>> = {
  device: DEVICE_CLASSES,
  visitor: ["new", "returning"],
  channel: CHANNELS,
  customer: ["logged-in", "guest"],
};
const FORMATS: Partial<Record<AudienceKind, [RegExp, string]>> = {
  country: [/^[A-Za-z]{2}$/, "a two-letter country code (US, DE, …)"],
  currency: [/^[A-Za-z]{3}$/, "a three-letter currency code (USD, EUR, …)"],
  language: [/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, "a language code (en, pt-BR, …)"],
  market: [/^[a-z0-9][a-z0-9-]{0,63}$/i, "a market handle (us, europe, …)"],
};
/** Cookie names are RFC 6265 tokens; query parameter names anything non-empty. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,100}$/;

/** Why `rule` is not a valid rule, by field ("kind", "name", "values"); null when it is valid. */
export function audienceRuleError(rule: AudienceRule): { field: "kind" | "name" | "values"; message: string } | null {
  if (!(AUDIENCE_KINDS as readonly string[]).includes(rule.kind)) return { field: "kind", message: "Choose what the rule reads" };
  const { kind, values } = rule;
  if (kind === "utm" && !(UTM_NAMES as readonly string[]).includes(rule.name ?? "")) return { field: "name", message: "Choose utm_source, utm_medium or utm_campaign" };
  if (kind === "query" && !rule.name) return { field: "name", message: "Name the query parameter" };
  if (kind === "cookie" && !COOKIE_NAME.test(rule.name ?? "")) return { field: "name", message: "Name the cookie (letters, digits and !#$%&'*+-.^_`|~)" };
  if (values.length > MAX_AUDIENCE_VALUES) return { field: "values", message: `At most ${MAX_AUDIENCE_VALUES} values` };
  if (values.some((v) => v.length === 0 || v.length > MAX_AUDIENCE_VALUE_LENGTH)) return { field: "values", message: `Each value has 1 to ${MAX_AUDIENCE_VALUE_LENGTH} characters` };
  const allowed = CLOSED_VALUES[kind];
  if (allowed) {
    const bad = values.find((v) => !allowed.includes(v));
    if (values.length === 0 || bad !== undefined) return { field: "values", message: `${bad === undefined ? "Choose at least one" : `"${bad}" is not one`} of: ${allowed.join(", ")}` };
  }
  const format = FORMATS[kind];
  if (format) {
    const bad = values.find((v) => !format[0].test(v));
    if (values.length === 0 || bad !== undefined) return { field: "values", message: `${bad === undefined ? "Give at least one value" : `"${bad}" is not`}: ${format[1]}` };
  }
  return null;
}

/**
 * A stored audience (Test.audience), read defensively: null when it is not a valid rule list (a rule this
 * version does not know, a hand-edited row), which the site cache serves to no one rather than to everyone.
 */
export function storedAudience(json: unknown): Audience | null {
  if (!Array.isArray(json)) return null;
  const rules = json.filter(
    (r): r is AudienceRule =>
      typeof r === "object" && r !== null && typeof r.kind === "string" && Array.isArray(r.values) && r.values.every((v: unknown) => typeof v === "string") &&
      (r.name === undefined || typeof r.name === "string"),
  );
  return rules.length === json.length && rules.every((r) => audienceRuleError(r) === null) ? rules : null;
}

const LABELS: Record<AudienceKind, string> = {
  device: "Device", visitor: "Visitor", channel: "Traffic channel", utm: "UTM parameter", country: "Country",
  market: "Shopify market", language: "Storefront language", currency: "Currency", customer: "Customer", query: "Query parameter", cookie: "Cookie",
};
export const audienceKindLabel = (kind: AudienceKind) => LABELS[kind];

/** "Who matches", in the admin's words: one line per rule. */
export function describeRule(rule: AudienceRule): string {
  const list = rule.values.join(" or ");
  switch (rule.kind) {
    case "utm":
      return rule.values.length ? `Landed this session with utm_${rule.name} = ${list}` : `Landed this session with any utm_${rule.name}`;
    case "query":
      return rule.values.length ? `Pages whose URL has ?${rule.name}=${list}` : `Pages whose URL has the ?${rule.name} parameter`;
    case "cookie":
      return rule.values.length ? `The ${rule.name} cookie is ${list}` : `The ${rule.name} cookie is set`;
    case "device":
      return `On a ${list} device (from the browser's User-Agent)`;
    case "visitor":
      return `${list === "new" ? "New visitors (first session in this browser)" : list === "returning" ? "Returning visitors (an earlier session in this browser)" : "New or returning visitors"}`;
    case "channel":
      return `Landed this session from ${list}`;
    case "country":
      return `In ${list} (by the network address, as for consent)`;
    case "customer":
      return `${list === "logged-in" ? "Logged-in customers" : list === "guest" ? "Shoppers not logged in" : "Every shopper"} (Shopify)`;
    default:
      return `${LABELS[rule.kind]} is ${list} (Shopify)`;
  }
}

/** The audience in one line for the test's page and results: "Everyone" when empty. */
export function describeAudience(audience: Audience | null): string {
  if (audience === null) return "an audience this version of svc cannot read (the test is served to no one)";
  return audience.length === 0 ? "Everyone" : audience.map(describeRule).join("; and ");
}
