// Wire shape of GET /api/patches: the arms this visitor is assigned to, as DOM patches or redirects.
import type { PageCondition } from "./rules/audience";

/**
 * Query of `GET /api/patches?site=&vid=&sid=&nv=&ref=[&utm_source=&utm_medium=&utm_campaign=][&a=][&preview=]`.
 * No page URL is sent: the server should answer with every running test of the site the visitor is
 * assigned to, and the snippet filters by `pages` itself, so the cached answer serves the visitor's next
 * pages too.
 * `nv`, `ref` and the `utm_*` parameters are the tab session's landing facts (`landingQuery` in
 * rules/audience.ts) and `a` the Shopify facts the app embed prints (`shopifyFacts`): what the audience
 * rules decided on the server read, with the request's User-Agent and the visitor's country
 * (docs/audiences.md). A visitor outside a test's audience is not assigned to it.
 */
export interface PatchesQuery {
  site: string;
  vid: string;
  sid: string;
  /** Sent by snippets before audiences (the page's origin and path), unused: accepted and ignored. */
  url?: string;
  /** "1": a new visitor (no svc visitor id in this browser before this session), "0": returning. */
  nv?: string;
  /** The landing page's utm_source, utm_medium, utm_campaign, as in its URL (at most 100 characters each). */
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  /** The landing page's referrer's host (and port) only; empty when none. */
  ref?: string;
  /** Shopify: the app embed's `data-svc-aud`, "market|language|currency|customer". */
  a?: string;
  /**
   * A preview token from a preview link (`?svc_preview=` on the page, kept for the tab's session). When it
   * is valid for this site, the answer holds only the token's arm of its test, whatever the test's status
   * (a draft too; not archived), with `ttl: 0`; the snippet then caches nothing and sends no events at all.
   * An invalid, expired or other site's token is ignored: the answer is the normal one.
   */
  preview?: string;
}

/**
 * Response body (JSON, 200). A body that fails validation anywhere (unknown `op`, a selector that
 * does not parse, a wrong type) is discarded as a whole: the snippet then serves nothing and
 * collects nothing on that pageview.
 */
export interface PatchesResponse {
  /** Seconds the snippet may reuse this answer without asking again (clamped to 0..86400). */
  ttl: number;
  tests: Assignment[];
}

/** One test this visitor is in, with the arm they were given. */
export interface Assignment {
  /** Test id and arm id, as they come back in exposure events (ID_PATTERN). */
  test: string;
  arm: string;
  /**
   * Path patterns (matched against `location.pathname`, trailing `/` ignored) where this arm applies.
   * `*` matches any run of characters; `["*"]` is every page. `template:<name>` instead matches a Shopify
   * page whose template (`data-svc-template`, Liquid's `template.name`) is exactly `<name>`, and never
   * off Shopify. The rule: `matchesAnyPath` in targeting.ts.
   */
  pages: string[];
  /**
   * Optional CSS selector: the exposure is recorded only once an element matches it. Give every
   * arm of a test the same `when` (e.g. the variant's main target) so control and variants are
   * counted under the same condition. Without it, the exposure is recorded when the page matches.
   */
  when?: string;
  /**
   * Page conditions of the test's audience that only the page can check (a query parameter, a cookie):
   * the arm applies only on pages where all hold (`pageConditionsHold` in rules/audience.ts).
   */
  if?: PageCondition[];
  /** DOM changes of this arm; empty or absent for the control. */
  patches?: Patch[];
  /**
   * Split-URL arm: same-origin URL (absolute, or relative like "/landing-b" or "?view=b" for a
   * Shopify alternate template) to send the visitor to. The current query parameters that the
   * target lacks and the current hash are kept. Ignored when it equals the current URL or when
   * this pageview is itself the result of a redirect (no loops).
   */
  redirect?: string;
  /** Conversions the snippet detects by itself. Goals of all assigned tests apply on every page. */
  goals?: AutoGoal[];
}

/**
 * A DOM change. `sel` is a CSS selector; elements `html`, `head` and `body` are never changed, even
 * when a selector matches them. Patches are applied once per element, including to elements that
 * appear later (for 10 s after the snippet starts).
 */
export type Patch =
  | { op: "text"; sel: string; value: string }
  | { op: "html"; sel: string; value: string }
  /** `value: null` removes the attribute. */
  | { op: "attr"; sel: string; name: string; value: string | null }
  | { op: "class"; sel: string; add?: string[]; remove?: string[] }
  /** CSS property → value, e.g. `{ "background-color": "red" }`, set inline on each element. */
  | { op: "style"; sel: string; props: Record<string, string> }
  /** A style sheet; every rule's selector is rewritten so it can never match html, head or body. */
  | { op: "css"; value: string }
  /** `display: none` for the matching elements, through a style rule (so also for later ones). */
  | { op: "hide"; sel: string };

export type PatchOp = Patch["op"];

/** Automatic conversion: `goal` is the label sent in the conversion event (MAX_GOAL_LENGTH). */
export type AutoGoal =
  /** A pageview on a matching page: `pages` as for Assignment (path or `template:<name>` patterns). */
  | { kind: "visit"; goal: string; pages: string[] }
  /** A click on an element matching `sel` (or inside one). */
  | { kind: "click"; goal: string; sel: string }
  /** A form matching `sel` is submitted; its fields are never read. */
  | { kind: "submit"; goal: string; sel: string };
