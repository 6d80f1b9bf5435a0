// The hide plan: what the Shopify app embed needs to hide, from the first paint, exactly the elements running
// tests change on the current page, and to print the page's local plan (the tests' arms, so the snippet assigns
// with no request). It is the JSON value of the app-data metafield `svc.hide`, read by
// extensions/svc-embed/blocks/svc-embed.liquid; docs/anti-flicker.md describes it.
import { TEMPLATE_PREFIX } from "~/wire";
import { changedSelectors } from "../experiments/changed-selectors";
import type { LocalParts } from "./local-plan";
import { PRICE_SELECTOR } from "~/wire/price-display";
import { armPricesText } from "./price-display";
import { BUY_NOW_SELECTOR, type BuyNowChoice } from "../experiments/buy-now";
import { carriesOffer } from "~/wire/offers";

/** Version of the plan's shape: the Liquid ignores any other, so a new shape can ship before its Liquid. */
export const HIDE_PLAN_VERSION = 1;

/**
 * The most text the plan may take, as JSON: far under Shopify's 128 KB for a json metafield, and small
 * enough that the Liquid's loop over it costs nothing noticeable on every storefront page. Tests past it
 * are left out whole (oldest started first stays): they are then simply not hidden, as without the embed.
 */
export const MAX_PLAN_CHARS = 32_000;
/** Tests in one plan; past it the later-started ones are left out, like those past MAX_PLAN_CHARS. */
export const MAX_PLAN_TESTS = 50;
// A test whose arms change more distinct elements than MAX_TEST_SELECTORS is left out (changed-selectors.ts).
export { MAX_TEST_SELECTORS, safeSelector } from "../experiments/changed-selectors";

/**
 * One page check the Liquid can evaluate on `request.path` (trailing slashes dropped, "/" kept) and
 * `template.name`. `eq`: the path is exactly this. `tpl`: the template is exactly this. Otherwise the path
 * starts with `pre`, ends with `suf` and contains every `has` (each absent key: no condition; `{}` is
 * every page). That last form is a superset of the wildcard pattern it comes from: it ignores the order of
 * the middle parts and overlaps, so it may hide on a page the snippet then finds the test does not target.
 * That only costs hiding until the snippet reveals (at once, knowing there is no arm), never a wrong page.
 */
export type PageCheck = { eq: string } | { tpl: string } | { pre?: string; suf?: string; has?: string[] };

export interface HidePlanTest {
  /** The test's id, for whoever reads the metafield; the Liquid does not use it. */
  id: string;
  /** Any of these matching is the test's page. */
  pages: PageCheck[];
  /** Every element selector any of its arms changes, each already checked by safeSelector (changed-selectors.ts); empty: hides nothing. */
  sel: string[];
  /** Its local entry (LocalTest as script-safe JSON text, printed as is); absent: only the server can assign it. */
  a?: string;
  /**
   * A price test's arms' prices (ArmPrices of app/wire/price-display.ts as script-safe JSON text, printed as is): on
   * its pages the embed prints them, the price bundle's tag and its hiding style. Its `sel` then holds PRICE_SELECTOR.
   */
  pr?: string;
}

export interface HidePlan {
  v: typeof HIDE_PLAN_VERSION;
  tests: HidePlanTest[];
  /**
   * The site's local part (LocalPlan["l"] as script-safe JSON text). Present only when every running test and
   * served winner the Liquid could meet is in `tests`: otherwise a page could hold a test the plan does not
   * know, and the embed prints no local plan anywhere.
   */
  l?: string;
  /** The app embed snippet build's version, for its long-cached URL (`/snippet.js?for=shopify&v=`). */
  b?: string;
  /** The price bundle's version, for its long-cached URL (`/snippet.js?for=shopify-price&v=`). */
  p?: string;
}

/** What the plan is built from: a site's tests as stored, whatever their status. */
export interface HideSourceTest {
  id: string;
  status: string;
  pages: string[];
  /** When it (last) started; tests started earlier come first, and keep their place under the caps. */
  startedAt: Date | null;
  /** `id` and `offer` (Arm.offer as stored) tell a price test's arms' prices; absent, no prices. */
  arms: Array<{ id?: string; patches: unknown; redirectUrl: string | null; offer?: unknown }>;
  /** A completed test serving its winner to everyone (its `arms` then the winner alone): hidden as a running one. */
  servingWinner?: boolean;
  /** An offer test's choice about Buy-it-now buttons (buy-now.ts); absent: hide. */
  buyNow?: BuyNowChoice;
}

export interface HideSource {
  /** The site's Site ID, when known (its config gives the local plan). */
  publicId?: string;
  /** A paused site serves no test, so hides nothing. */
  status: "active" | "paused";
  tests: HideSourceTest[];
}

export const EMPTY_HIDE_PLAN: HidePlan = { v: HIDE_PLAN_VERSION, tests: [] };

/**
 * The plan for a site: its running tests (and served winners) that change elements, in start order, within the
 * caps; with `local` (localParts of the same site), every one of them, each with its local entry, in
 * /api/patches' order. A local entry that does not fit is dropped first (the test stays, to hide, and is left to
 * the server); a test that still does not fit is left out, and so is the local plan.
 */
export function buildHidePlan(site: HideSource, local?: LocalParts | null, build?: string, priceBuild?: string): HidePlan {
  const plan = buildPlan(site, local ?? null);
  return { ...plan, ...(build && { b: build }), ...(priceBuild && plan.tests.some((t) => t.pr) && { p: priceBuild }) };
}

function buildPlan(site: HideSource, local: LocalParts | null): HidePlan {
  if (site.status !== "active") return EMPTY_HIDE_PLAN;
  const running = site.tests
    .filter((t) => t.status === "running" || (t.status === "completed" && t.servingWinner === true))
    .sort((a, b) => (a.startedAt?.getTime() ?? 0) - (b.startedAt?.getTime() ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const tests: HidePlanTest[] = [];
  const entries = new Map(local?.tests.map((t) => [t.id, t.entry]));
  // `{"v":1,"tests":[` + `]}`, and `,"l":` with its text; each further test adds its JSON and a comma.
  let chars = JSON.stringify(EMPTY_HIDE_PLAN).length + (local ? JSON.stringify(local.l).length + 5 : 0);
  let complete = true;
  for (const test of running) {
    const entry = planTest(test, local !== null);
    if (!entry) continue;
    const a = entries.get(test.id);
    // Too many tests, or no room even without its local entry: left out, and with it any local plan.
    let candidate: HidePlanTest | null = a ? { ...entry, a } : entry;
    if (tests.length >= MAX_PLAN_TESTS) candidate = null;
    else if (chars + JSON.stringify(candidate).length + 1 > MAX_PLAN_CHARS) candidate = a && chars + JSON.stringify(entry).length + 1 <= MAX_PLAN_CHARS ? entry : null;
    if (!candidate) {
      complete = false;
      continue;
    }
    chars += JSON.stringify(candidate).length + (tests.length > 0 ? 1 : 0);
    tests.push(candidate);
  }
  if (!local) return { v: HIDE_PLAN_VERSION, tests };
  // The order /api/patches answers in, so the snippet applies overlapping arms as the server's answer would.
  const order = new Map(local.tests.map((t, i) => [t.id, i]));
  tests.sort((x, y) => (order.get(x.id) ?? Infinity) - (order.get(y.id) ?? Infinity));
  // A test the site config does not hold (an audience this version cannot read: served to no one) has no entry: the server decides it.
  return complete ? { v: HIDE_PLAN_VERSION, tests, l: local.l } : { v: HIDE_PLAN_VERSION, tests };
}

/**
 * One test's entry; null when it matches no page the Liquid can check, or (without a local plan, where an entry
 * only hides) when it hides nothing: no element changed, or too many selectors.
 */
function planTest(test: HideSourceTest, keepAll: boolean): HidePlanTest | null {
  const pr = armPricesText(test.arms.flatMap((arm) => (arm.id ? [{ id: arm.id, offer: arm.offer }] : [])));
  // A price test's price elements are hidden as its changed elements are (the marker patch changes them), and an
  // offer test's Buy-it-now buttons from the first paint (the served arms hide them: buy-now.ts), unless it leaves them.
  const hidesBuyNow = carriesOffer(test.arms.map((arm) => ({ offer: arm.offer }))) && test.buyNow !== "exclude";
  const sel = dedupe([...(changedSelectors(test.arms) ?? []), ...(pr ? [PRICE_SELECTOR] : []), ...(hidesBuyNow ? [BUY_NOW_SELECTOR] : [])]);
  if (sel.length === 0 && !keepAll) return null;
  const pages = dedupe(test.pages.map(pageCheck).filter((c): c is PageCheck => c !== null));
  if (pages.length === 0) return null;
  return pr ? { id: test.id, pages, sel, pr } : { id: test.id, pages, sel };
}

/** Drops trailing slashes but keeps a lone "/", as targeting.ts does for patterns and paths. */
function trimSlashes(p: string): string {
  let n = p.length;
  while (n > 1 && p[n - 1] === "/") n--;
  return p.slice(0, n);
}

/**
 * The check for one `pages` pattern (targeting.ts), or null for one that matches no page: a path pattern
 * must start with "/" or "*" (a pathname starts with "/"), a template pattern must name a template.
 */
export function pageCheck(pattern: string): PageCheck | null {
  if (pattern.startsWith(TEMPLATE_PREFIX)) {
    const tpl = pattern.slice(TEMPLATE_PREFIX.length);
    return tpl ? { tpl } : null;
  }
  const parts = trimSlashes(pattern).split("*");
  const first = parts[0] ?? "";
  if (first && !first.startsWith("/")) return null;
  if (parts.length === 1) return first ? { eq: first } : null;
  const last = parts[parts.length - 1] ?? "";
  const has = dedupe(parts.slice(1, -1).filter((part) => part !== ""));
  return { ...(first && { pre: first }), ...(last && { suf: last }), ...(has.length > 0 && { has }) };
}

function dedupe<T>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Whether a check holds on a page, as the Liquid evaluates it (the Liquid's output is tested against this).
 * `path` is request.path as Shopify gives it; its trailing slashes are dropped here, as in the Liquid.
 */
export function checkMatches(check: PageCheck, path: string, template: string | null): boolean {
  if ("tpl" in check) return !!template && check.tpl === template;
  const p = trimSlashes(path);
  if ("eq" in check) return check.eq === p;
  return (!check.pre || p.startsWith(check.pre)) && (!check.suf || p.endsWith(check.suf)) && (check.has ?? []).every((part) => p.includes(part));
}

/** The selectors the embed hides on a page: those of every test with a matching check, in plan order. */
export function selectorsToHide(plan: HidePlan, path: string, template: string | null): string[] {
  return plan.tests.filter((test) => test.pages.some((check) => checkMatches(check, path, template))).flatMap((test) => test.sel);
}

/** The plan as the metafield's value (JSON text). */
export function hidePlanValue(plan: HidePlan): string {
  return JSON.stringify(plan);
}

/**
 * Whether the metafield's stored value (JSON text as Shopify returns it, which may re-serialize it; absent
 * before the first write) already says what `plan` says. An absent value says "hide nothing".
 */
export function sameHidePlan(stored: string | undefined, plan: HidePlan): boolean {
  if (stored === undefined) return plan.tests.length === 0;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return false;
  }
  return canonical(value) === canonical(plan);
}

/** JSON with object keys sorted, so that key order (which Shopify may change) does not count as a difference. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
