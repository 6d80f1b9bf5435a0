// The test editor's payload (the one JSON shape the form posts) and its parser: a definition ready to
// store, or field errors keyed by path ("arms.1.patches.0.sel"); also the form values of a stored test.
import type { Patch, PatchOp } from "~/wire";
import { isGoalLabel, matchesAnyPath, MAX_GOAL_LENGTH, TEMPLATE_PREFIX } from "~/wire";
import {
  AUDIENCE_KINDS, audienceRuleError, MAX_AUDIENCE_RULES, SHOPIFY_KINDS, type Audience, type AudienceKind, type AudienceRule,
} from "~/wire/rules/audience";
import { selectorError } from "./css-selector";
import { pageRuleError, pageRuleToPattern, patternToPageRule, type PageRule } from "./page-rule";
import { patchListSchema, SWEEPING_SELECTOR_MESSAGE, validRedirect } from "./patch-shape";
import { PURCHASE_GOAL } from "../events/purchase";
import { emptyOffer, offerToDraft, parseOfferDraft, parseOfferTitle, type OfferDraft } from "./offer-form";
import { isBuyNowChoice, type BuyNowChoice } from "./buy-now";
import type { Offer } from "~/wire/offers";
import { FUNNEL_LABELS } from "~/wire/rules/funnel";

export const PATCH_OPS = ["text", "html", "attr", "class", "style", "css", "hide"] as const satisfies readonly PatchOp[];
/** Each change's name in the admin's words (the form's menu, the selector check's warnings). */
export const PATCH_OP_LABELS: Record<PatchOp, string> = {
  text: "Replace text",
  html: "Replace HTML",
  attr: "Set or remove an attribute",
  class: "Add or remove classes",
  style: "Set inline styles",
  css: "Add a style sheet",
  hide: "Hide elements",
};
export const CHANGE_TYPES = ["none", "patches", "redirect", "template"] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];
export const GOAL_KINDS = ["purchase", "added_to_cart", "checkout_started", "product_viewed", "custom", "url", "click", "submit"] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
/**
 * Shopify's built-in goals, counted with no code from the merchant: the orders webhooks (purchase) and
 * the web pixel (the funnel's other steps, app/wire/rules/funnel.ts). Each counts under its own label,
 * equal to its kind, which no other goal may take.
 */
export const SHOPIFY_GOAL_KINDS = ["purchase", "added_to_cart", "checkout_started", "product_viewed"] as const satisfies readonly GoalKind[];
export type ShopifyGoalKind = (typeof SHOPIFY_GOAL_KINDS)[number];
export const isShopifyGoalKind = (kind: string): kind is ShopifyGoalKind => (SHOPIFY_GOAL_KINDS as readonly string[]).includes(kind);
/** The label a built-in Shopify goal counts under. */
const shopifyGoalLabel = (kind: ShopifyGoalKind): string => (kind === "purchase" ? PURCHASE_GOAL : kind);
export type SiteKind = "shopify" | "web";

export const MAX_ARMS = 10;
export const MAX_GOALS = 10;
export const MAX_PAGE_RULES = 20;
export const MAX_NAME_LENGTH = 120;
export const MAX_HYPOTHESIS_LENGTH = 2000;
export const MAX_WEIGHT = 1000;
/** Redirect URLs, in characters. */
export const MAX_REDIRECT_LENGTH = 2000;
const MAX_MDE_PERCENT = 1000;

/** One DOM change as the form edits it: every op's fields as text, only those of `op` are read. */
export interface PatchDraft {
  op: PatchOp;
  sel: string;
  /** text, html: the new content; attr: the attribute's value; css: the style sheet. */
  value: string;
  /** attr: the attribute's name. */
  name: string;
  /** attr: remove the attribute instead of setting it. */
  removeAttribute: boolean;
  /** class: space-separated class names. */
  add: string;
  remove: string;
  /** style: "property: value" declarations separated by ";" or new lines. */
  declarations: string;
}

export interface ArmDraft {
  name: string;
  weight: string;
  change: ChangeType;
  patches: PatchDraft[];
  redirectUrl: string;
  /** The alternate template's suffix (`?view=suffix`), Shopify sites only. */
  template: string;
  /** What the arm charges at checkout, Shopify sites only (offer-form.ts); absent, from an older form: the list price. */
  offer?: OfferDraft;
}

export interface GoalDraft {
  kind: GoalKind;
  /** The conversion label (fixed to "purchase" for purchases). */
  label: string;
  /** click, submit: the element's selector. */
  selector: string;
  /** url: the pages whose visit counts. */
  page: PageRule;
  primary: boolean;
  /** Must not get worse: svc pauses the test when a variant is shown to lower it. */
  guardrail: boolean;
}

/**
 * One audience rule as the form edits it (app/wire/rules/audience.ts): `name` for utm (source, medium,
 * campaign), query and cookie rules; `values` comma-separated.
 */
export interface AudienceDraft {
  kind: AudienceKind;
  name: string;
  values: string;
}

/** What the editor posts, as JSON in the `definition` field. */
export interface TestFormValues {
  /** The site's public id. */
  siteId: string;
  name: string;
  hypothesis: string;
  pages: PageRule[];
  trafficPercent: string;
  arms: ArmDraft[];
  goals: GoalDraft[];
  /** Minimum detectable effect in percent of the primary goal's rate ("10" = 10 %). */
  minDetectableEffect: string;
  /** Who may enter the test, every rule holding; empty (or absent, from an older form): every visitor. */
  audience?: AudienceDraft[];
  /** A mutually exclusive group of the site ("" for none), and the test's share of it in percent. */
  groupId?: string;
  groupShare?: string;
  /** What checkout shows beside the test's discount, when an arm has an offer ("" or absent: svc's default). */
  offerTitle?: string;
  /** With an offer: hide the Buy-it-now buttons, or leave them and exclude their buyers (absent: hide). */
  buyNow?: BuyNowChoice;
}

/** A valid test, as the models store it (Test.minDetectableEffect is a fraction). */
export interface ParsedTest {
  siteId: string;
  name: string;
  hypothesis: string | null;
  pages: string[];
  trafficPercent: number;
  minDetectableEffect: number;
  /** Null: in no group (then groupShare is null too). */
  groupId: string | null;
  groupShare: number | null;
  /** What checkout shows beside its arms' discounts; null: svc's default (always null for a test without offers). */
  offerTitle: string | null;
  /** What the test does about Buy-it-now buttons (buy-now.ts); "hide" for a test without offers. */
  buyNow: BuyNowChoice;
  /** `offer`: what the arm charges at Shopify's checkout (app/wire/offers.ts); null: the list price. */
  arms: Array<{ key: string; name: string; weight: number; patches: Patch[]; redirectUrl: string | null; offer: Offer | null }>;
  goals: Array<{ label: string; kind: GoalKind; selector: string | null; urlPattern: string | null; isPrimary: boolean; isGuardrail: boolean }>;
  audience: Audience;
}

/** A test's goal as stored: its rule (what the snippet and the doors count it by) and its roles. */
export type TestGoal = ParsedTest["goals"][number];
type GoalRule = Pick<TestGoal, "label" | "kind" | "selector" | "urlPattern">;

/** A stored goal's rule, without the row's other columns: what the site cache holds of it. */
export const goalRule = (goal: GoalRule): GoalRule => ({ label: goal.label, kind: goal.kind, selector: goal.selector, urlPattern: goal.urlPattern });

/** A stored goal's definition, without the row's other columns: what the form and a test's copy read back. */
export const goalDefinition = (goal: TestGoal): TestGoal => ({ ...goalRule(goal), isPrimary: goal.isPrimary, isGuardrail: goal.isGuardrail });

/** Field path → message; "form" holds what belongs to no one field. */
export type FieldErrors = Record<string, string>;

/** `unsafe`: a change would run script or blank the storefront (422 rather than 400). */
export type ParseOutcome = { ok: true; test: ParsedTest } | { ok: false; errors: FieldErrors; unsafe?: boolean };

/** The wire key of the arm at `index`: "control", then "b", "c", … (short, stable, ID_PATTERN-safe). */
export function armKey(index: number): string {
  return index === 0 ? "control" : String.fromCharCode(98 + index - 1);
}

export const emptyPatch = (op: PatchOp = "text"): PatchDraft => ({
  op, sel: "", value: "", name: "", removeAttribute: false, add: "", remove: "", declarations: "",
});

export const emptyArm = (name: string): ArmDraft => ({ name, weight: "1", change: "none", patches: [], redirectUrl: "", template: "", offer: emptyOffer() });

/** A purchase goal is a guardrail unless the merchant says otherwise: a variant that costs sales should not run on. */
export const emptyGoal = (kind: GoalKind, primary = false): GoalDraft => ({
  kind, label: isShopifyGoalKind(kind) ? shopifyGoalLabel(kind) : "", selector: "", page: { kind: "exact", value: "" }, primary, guardrail: kind === "purchase",
});

/** A name longer than MAX_NAME_LENGTH is refused, never cut: the merchant sees by how much. */
export const nameTooLong = (name: string) => `Keep the name to ${MAX_NAME_LENGTH} characters or fewer (this one has ${name.length})`;

/** A new test's first goals on a site of `kind`. */
const defaultGoals = (kind: SiteKind | undefined): GoalDraft[] =>
  // On Shopify: the purchase, and adding to the cart beside it (the funnel's step a change moves first).
  kind === "shopify" ? [emptyGoal("purchase", true), emptyGoal("added_to_cart")] : [emptyGoal("custom", true)];

/**
 * The goals after the form's site changes from a site of kind `from` to one of kind `to`. Goals still as the
 * form first offered them become the new site's first goals (a custom goal with no label on a web site becomes
 * the purchase on a Shopify site); goals the new site cannot count (purchases and Shopify's funnel steps on a
 * web site) are dropped, the primary passed on, and the new site's first goals stand in if none is left. Goals
 * the merchant wrote that the new site counts are kept.
 */
export function goalsForSite(goals: readonly GoalDraft[], from: SiteKind | undefined, to: SiteKind | undefined): GoalDraft[] {
  if (from === to) return [...goals];
  if (JSON.stringify(goals) === JSON.stringify(defaultGoals(from))) return defaultGoals(to);
  const kept = to === "shopify" ? [...goals] : goals.filter((g) => !isShopifyGoalKind(g.kind));
  if (kept.length === 0) return defaultGoals(to);
  return kept.some((g) => g.primary) ? kept : kept.map((g, i) => ({ ...g, primary: i === 0 }));
}

/** A new test's form: one site chosen, every page, control and one variant, half the traffic each. */
export function newTestForm(site: { id: string; kind: SiteKind } | undefined): TestFormValues {
  return {
    siteId: site?.id ?? "",
    name: "",
    hypothesis: "",
    pages: [{ kind: "exact", value: "/" }],
    trafficPercent: "100",
    arms: [emptyArm("Control"), { ...emptyArm("Variant B"), change: "patches", patches: [emptyPatch()] }],
    goals: defaultGoals(site?.kind),
    minDetectableEffect: "10",
    audience: [],
    groupId: "",
    groupShare: "",
    offerTitle: "",
    buyNow: "hide",
  };
}

/** A new rule of `kind` in the form, with the name its kind needs first. */
export const emptyAudienceRule = (kind: AudienceKind = "device"): AudienceDraft => ({ kind, name: kind === "utm" ? "source" : "", values: "" });

/** The rule's form values (the inverse of parseAudienceRule). */
export const audienceRuleToDraft = (rule: AudienceRule): AudienceDraft => ({ kind: rule.kind, name: rule.name ?? "", values: rule.values.join(", ") });

const TEMPLATE_SUFFIX = /^[a-z0-9][a-z0-9_-]{0,60}$/i;
const TEMPLATE_REDIRECT = /^\?view=([a-z0-9][a-z0-9_-]{0,60})$/i;

/** The alternate template's redirect: Shopify renders `templates/<type>.<suffix>.json` for `?view=<suffix>`. */
export const templateRedirect = (suffix: string) => `?view=${suffix}`;

/** The form values of a stored test (the inverse of parseTestForm for everything it accepts). */
export function testToForm(test: ParsedTest, siteKind: SiteKind): TestFormValues {
  return {
    siteId: test.siteId,
    name: test.name,
    hypothesis: test.hypothesis ?? "",
    pages: test.pages.map(patternToPageRule),
    trafficPercent: String(test.trafficPercent),
    minDetectableEffect: String(Math.round(test.minDetectableEffect * 100 * 1000) / 1000),
    groupId: test.groupId ?? "",
    groupShare: test.groupShare === null ? "" : String(test.groupShare),
    offerTitle: test.offerTitle ?? "",
    buyNow: test.buyNow,
    arms: test.arms.map((arm) => {
      const draft: ArmDraft = { ...emptyArm(arm.name), weight: String(arm.weight), offer: offerToDraft(arm.offer) };
      const template = siteKind === "shopify" ? TEMPLATE_REDIRECT.exec(arm.redirectUrl ?? "")?.[1] : undefined;
      if (template) return { ...draft, change: "template", template };
      if (arm.redirectUrl) return { ...draft, change: "redirect", redirectUrl: arm.redirectUrl };
      if (arm.patches.length > 0) return { ...draft, change: "patches", patches: arm.patches.map(patchToDraft) };
      return draft;
    }),
    goals: test.goals.map((goal) => ({
      ...emptyGoal(goal.kind, goal.isPrimary),
      guardrail: goal.isGuardrail,
      label: goal.label,
      selector: goal.selector ?? "",
      page: goal.urlPattern ? patternToPageRule(goal.urlPattern) : { kind: "exact", value: "" },
    })),
    audience: test.audience.map(audienceRuleToDraft),
  };
}

export function patchToDraft(patch: Patch): PatchDraft {
  const draft = emptyPatch(patch.op);
  switch (patch.op) {
    case "text":
    case "html":
      return { ...draft, sel: patch.sel, value: patch.value };
    case "attr":
      return { ...draft, sel: patch.sel, name: patch.name, value: patch.value ?? "", removeAttribute: patch.value === null };
    case "class":
      return { ...draft, sel: patch.sel, add: (patch.add ?? []).join(" "), remove: (patch.remove ?? []).join(" ") };
    case "style":
      return { ...draft, sel: patch.sel, declarations: Object.entries(patch.props).map(([k, v]) => `${k}: ${v}`).join(";\n") };
    case "css":
      return { ...draft, value: patch.value };
    case "hide":
      return { ...draft, sel: patch.sel };
  }
}

/** The sites the shop may put a test on, with their kind (purchases and templates are Shopify's). */
export interface FormContext {
  /**
   * `origins`: where the site's pages are served (app/domain/links/editor-page.ts, storefrontOrigins); a
   * redirect arm's full URL must be on one of them (the snippet follows no other). Absent: none known.
   */
  sites: ReadonlyArray<{ id: string; kind: SiteKind; origins?: readonly string[] }>;
  /** The shop's mutually exclusive groups, each on a site (its public id). Absent: none. */
  groups?: ReadonlyArray<{ id: string; siteId: string }>;
}

/**
 * Reads what the editor posted. Anything malformed (a missing list, a number where text belongs) is a
 * field error too, never an exception: the payload comes from a browser and may be anything.
 */
export function parseTestForm(input: unknown, context: FormContext): ParseOutcome {
  const errors: FieldErrors = {};
  const fail = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const form = record(input);
  if (!form) return { ok: false, errors: { form: "The form could not be read; reload the page" } };

  const site = context.sites.find((s) => s.id === text(form.siteId));
  if (!site) fail("siteId", "Choose a site");
  const siteKind = site?.kind ?? "web";

  const name = text(form.name).trim();
  if (!name) fail("name", "Give the test a name");
  else if (name.length > MAX_NAME_LENGTH) fail("name", nameTooLong(name));
  const hypothesis = text(form.hypothesis).trim();
  if (hypothesis.length > MAX_HYPOTHESIS_LENGTH) fail("hypothesis", `Keep the hypothesis under ${MAX_HYPOTHESIS_LENGTH} characters`);

  const pages = list(form.pages).map((raw, i) => {
    const rule = pageRule(raw);
    const error = rule ? (templateSiteError(rule, siteKind) ?? pageRuleError(rule)) : "Choose a rule";
    if (error) fail(`pages.${i}.value`, error);
    return rule && !error ? pageRuleToPattern(rule) : "";
  });
  if (pages.length === 0) fail("pages", "Add at least one page rule");
  if (pages.length > MAX_PAGE_RULES) fail("pages", `Use at most ${MAX_PAGE_RULES} page rules`);

  const trafficPercent = integer(form.trafficPercent);
  if (trafficPercent === null || trafficPercent < 1 || trafficPercent > 100) fail("trafficPercent", "Enter a whole percentage from 1 to 100");

  const groupId = text(form.groupId);
  let groupShare: number | null = null;
  if (groupId) {
    const group = (context.groups ?? []).find((g) => g.id === groupId);
    if (!group || (site && group.siteId !== site.id)) fail("groupId", "Choose a group of this test's site, or none");
    groupShare = integer(form.groupShare);
    if (groupShare === null || groupShare < 1 || groupShare > 100) fail("groupShare", "Enter the test's share of the group, a whole percentage from 1 to 100");
  }

  const mde = decimal(form.minDetectableEffect);
  if (mde === null || mde <= 0 || mde > MAX_MDE_PERCENT) fail("minDetectableEffect", `Enter a percentage above 0 and up to ${MAX_MDE_PERCENT}`);

  const rawArms = list(form.arms);
  if (rawArms.length < 2) fail("arms", "A test needs the control and at least one variant");
  if (rawArms.length > MAX_ARMS) fail("arms", `Use at most ${MAX_ARMS} arms`);
  const arms = rawArms.slice(0, MAX_ARMS).map((raw, i) => parseArm(raw, i, siteKind, fail));
  arms.forEach((arm, i) => {
    const error = arm.redirectUrl && !errors[`arms.${i}.redirectUrl`] && !errors[`arms.${i}.template`] ? redirectTargetError(arm.redirectUrl, site?.origins ?? [], pages) : null;
    if (error) fail(`arms.${i}.redirectUrl`, error);
  });
  const armNames = new Set<string>();
  arms.forEach((arm, i) => {
    if (arm.name && armNames.has(arm.name.toLowerCase())) fail(`arms.${i}.name`, "Each arm needs its own name");
    armNames.add(arm.name.toLowerCase());
  });

  arms.forEach((arm, i) => {
    if (!arm.offer) return;
    // Only Shopify's checkout runs svc's discount; and checkout cannot see an audience's rules (docs/offers.md).
    if (siteKind !== "shopify") fail(`arms.${i}.offer.kind`, "Offers are charged by Shopify's checkout: choose a Shopify site, or the list price");
  });
  const offered = arms.some((arm) => arm.offer);
  // Read only beside an offer, as the form shows it only then: a title left behind by an offer taken away is dropped.
  const title = offered ? parseOfferTitle(text(form.offerTitle)) : { ok: true as const, title: null };
  if (!title.ok) fail("offerTitle", title.error);
  const buyNow = form.buyNow === undefined ? "hide" : form.buyNow;
  if (offered && !isBuyNowChoice(buyNow)) fail("buyNow", "Choose whether the test hides the Buy-it-now buttons or keeps their buyers out of its results");

  const rawGoals = list(form.goals);
  if (rawGoals.length === 0) fail("goals", "Add the goal this test should move");
  if (rawGoals.length > MAX_GOALS) fail("goals", `Use at most ${MAX_GOALS} goals`);
  const goals = rawGoals.slice(0, MAX_GOALS).map((raw, i) => parseGoal(raw, i, siteKind, fail));
  const labels = new Set<string>();
  goals.forEach((goal, i) => {
    if (goal.label && labels.has(goal.label)) fail(`goals.${i}.label`, "Each goal needs its own label");
    labels.add(goal.label);
  });
  if (goals.length > 0 && goals.filter((g) => g.isPrimary).length !== 1) fail("goals", "Mark exactly one goal as primary");

  const rawAudience = list(form.audience);
  if (rawAudience.length > MAX_AUDIENCE_RULES) fail("audience", `Use at most ${MAX_AUDIENCE_RULES} audience rules`);
  const audience = rawAudience.slice(0, MAX_AUDIENCE_RULES).map((raw, i) => parseAudienceRule(raw, `audience.${i}`, siteKind, fail));
  if (offered && audience.length > 0) {
    fail("audience", "A test with offers reaches every visitor of its pages: checkout cannot see an audience's rules, so it could not charge only those the page showed the offer to");
  }

  if (Object.keys(errors).length > 0 || !site || trafficPercent === null || mde === null) {
    const unsafe = Object.values(errors).some((message) => message === SWEEPING_SELECTOR_MESSAGE || UNSAFE_CONTENT.test(message));
    return { ok: false, errors, ...(unsafe && { unsafe }) };
  }
  return {
    ok: true,
    test: {
      siteId: site.id,
      name,
      hypothesis: hypothesis || null,
      pages,
      trafficPercent,
      minDetectableEffect: mde / 100,
      groupId: groupId || null,
      groupShare: groupId ? groupShare : null,
      offerTitle: title.ok ? title.title : null,
      buyNow: offered && isBuyNowChoice(buyNow) ? buyNow : "hide",
      arms,
      goals,
      audience,
    },
  };
}

/** Letter case each kind's values are stored in: codes as ISO writes them, names of our own in lower case. */
const VALUE_CASE: Partial<Record<AudienceKind, (v: string) => string>> = {
  device: (v) => v.toLowerCase(),
  visitor: (v) => v.toLowerCase(),
  channel: (v) => v.toLowerCase(),
  customer: (v) => v.toLowerCase(),
  country: (v) => v.toUpperCase(),
  currency: (v) => v.toUpperCase(),
  market: (v) => v.toLowerCase(),
};

/**
 * One rule of the form as stored, and what is wrong with it (null: nothing), by field; the admin's live
 * check reads drafts through it too, so that it judges the rule the save would store.
 */
export function readAudienceDraft(input: unknown, siteKind: SiteKind): { rule: AudienceRule; error: { field: "kind" | "name" | "values"; message: string } | null } {
  const raw = record(input) ?? {};
  const kind = text(raw.kind) as AudienceKind;
  const name = text(raw.name).trim();
  const normal = VALUE_CASE[kind] ?? ((v: string) => v);
  const values = [...new Set(text(raw.values).split(",").map((v) => normal(v.trim())).filter(Boolean))];
  const rule: AudienceRule = { kind, ...((kind === "utm" || kind === "query" || kind === "cookie") && { name }), values };
  if (!(AUDIENCE_KINDS as readonly string[]).includes(kind)) return { rule, error: { field: "kind", message: "Choose what the rule reads" } };
  if (SHOPIFY_KINDS.includes(kind) && siteKind !== "shopify") {
    return { rule, error: { field: "kind", message: "Markets, storefront languages, currencies and customer accounts exist on Shopify sites only" } };
  }
  return { rule, error: audienceRuleError(rule) };
}

/** One audience rule of the form; its errors at `at`.kind, .name or .values. */
function parseAudienceRule(input: unknown, at: string, siteKind: SiteKind, fail: Fail): AudienceRule {
  const { rule, error } = readAudienceDraft(input, siteKind);
  if (error) fail(`${at}.${error.field}`, error.message);
  return rule;
}

type Fail = (path: string, message: string) => void;

function parseArm(input: unknown, index: number, siteKind: SiteKind, fail: Fail): ParsedTest["arms"][number] {
  const at = `arms.${index}`;
  const raw = record(input) ?? {};
  const name = text(raw.name).trim();
  if (!name) fail(`${at}.name`, "Name this arm");
  else if (name.length > MAX_NAME_LENGTH) fail(`${at}.name`, nameTooLong(name));
  const weight = integer(raw.weight);
  if (weight === null || weight < 1 || weight > MAX_WEIGHT) fail(`${at}.weight`, `Enter a whole number from 1 to ${MAX_WEIGHT}`);
  const offer = parseOfferDraft(raw.offer);
  if (!offer.ok) for (const [field, message] of Object.entries(offer.errors)) fail(`${at}.offer.${field}`, message);
  const arm = { key: armKey(index), name, weight: weight ?? 1, patches: [] as Patch[], redirectUrl: null as string | null, offer: offer.ok ? offer.offer : null };
  const change = text(raw.change) as ChangeType;
  // A variant that only charges differently (a price or an offer) changes nothing else on the page.
  if (index > 0 && change === "none" && arm.offer) return arm;
  if (index === 0) {
    // The control is the page as it is: anything else would leave nothing to compare against.
    if (change !== "none") fail(`${at}.change`, "The control shows the page unchanged");
    return arm;
  }
  switch (change) {
    case "patches": {
      const drafts = list(raw.patches);
      if (drafts.length === 0) fail(`${at}.patches`, "Add at least one change");
      arm.patches = drafts.map((draft, j) => parsePatch(draft, `${at}.patches.${j}`, fail)).filter((p): p is Patch => p !== null);
      if (drafts.length > 100) fail(`${at}.patches`, "Use at most 100 changes per variant");
      return arm;
    }
    case "redirect": {
      const url = text(raw.redirectUrl).trim();
      if (!url) fail(`${at}.redirectUrl`, "Enter the URL this variant sends visitors to");
      else if (url.length > MAX_REDIRECT_LENGTH) fail(`${at}.redirectUrl`, `Keep the URL under ${MAX_REDIRECT_LENGTH} characters`);
      else if (!validRedirect(url)) fail(`${at}.redirectUrl`, "Enter a path on this site like /landing-b, or a full http(s) URL of one of its pages");
      return { ...arm, redirectUrl: url };
    }
    case "template": {
      if (siteKind !== "shopify") fail(`${at}.change`, "Alternate templates exist on Shopify sites only");
      const suffix = text(raw.template).trim();
      if (!TEMPLATE_SUFFIX.test(suffix)) fail(`${at}.template`, "Choose a template suffix (letters, digits, - or _)");
      return { ...arm, redirectUrl: templateRedirect(suffix) };
    }
    default:
      fail(`${at}.change`, "Choose what this variant changes, or give it an offer at checkout");
      return arm;
  }
}

/** The form field a patch-shape issue belongs to ("props" is edited as declarations). */
function patchField(field: string): string {
  return field === "props" ? "declarations" : field;
}

function parsePatch(input: unknown, at: string, fail: Fail): Patch | null {
  const raw = record(input) ?? {};
  const op = text(raw.op) as PatchOp;
  if (!(PATCH_OPS as readonly string[]).includes(op)) {
    fail(`${at}.op`, "Choose a change");
    return null;
  }
  let bad = false;
  const problem = (field: string, message: string) => {
    fail(`${at}.${field}`, message);
    bad = true;
  };
  const sel = text(raw.sel).trim();
  if (op !== "css") {
    const error = selectorError(sel);
    if (error) problem("sel", error);
  }
  const value = text(raw.value);
  let patch: Patch;
  switch (op) {
    case "text":
    case "html":
      // An empty replacement leaves a blank where the element was: hiding says so.
      if (!value.trim()) problem("value", op === "text" ? "Enter the new text (to take the element away, choose Hide elements)" : "Enter the new HTML (to take the element away, choose Hide elements)");
      patch = { op, sel, value };
      break;
    case "attr": {
      const name = text(raw.name).trim();
      if (!name) problem("name", "Enter the attribute's name");
      patch = { op, sel, name, value: raw.removeAttribute === true ? null : value };
      break;
    }
    case "class": {
      const add = words(raw.add);
      const remove = words(raw.remove);
      if (add.length + remove.length === 0) problem("add", "Enter a class to add or to remove");
      patch = { op, sel, ...(add.length > 0 && { add }), ...(remove.length > 0 && { remove }) };
      break;
    }
    case "style": {
      const props = declarations(text(raw.declarations));
      if (props === null) problem("declarations", "Write one property: value per line, like color: #c00");
      else if (Object.keys(props).length === 0) problem("declarations", "Enter at least one property: value");
      patch = { op, sel, props: props ?? {} };
      break;
    }
    case "css":
      if (!value.trim()) problem("value", "Enter the CSS rules");
      patch = { op, value };
      break;
    case "hide":
      patch = { op, sel };
      break;
  }
  // The same shape check the server applies before serving (lengths, attribute names, root elements,
  // script, sweeping selectors), also when a field is already wrong: each field says what is wrong with it.
  const shape = patchListSchema.safeParse([patch]);
  if (!shape.success) {
    for (const issue of shape.error.issues) problem(patchField(String(issue.path[1] ?? "sel")), issue.message);
    return null;
  }
  return bad ? null : patch;
}

/** "color: red; font-weight: bold" → props; null when a declaration has no "name: value" form. */
function declarations(source: string): Record<string, string> | null {
  const props: Record<string, string> = {};
  for (const line of source.split(/[;\n]/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(":");
    if (colon < 1) return null;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (!name || !value) return null;
    props[name] = value;
  }
  return props;
}

function parseGoal(input: unknown, index: number, siteKind: SiteKind, fail: Fail): ParsedTest["goals"][number] {
  const at = `goals.${index}`;
  const raw = record(input) ?? {};
  const kind = text(raw.kind) as GoalKind;
  const isPrimary = raw.primary === true;
  const isGuardrail = raw.guardrail === true;
  if (!(GOAL_KINDS as readonly string[]).includes(kind)) {
    fail(`${at}.kind`, "Choose what counts as a conversion");
    return { label: "", kind: "custom", selector: null, urlPattern: null, isPrimary, isGuardrail };
  }
  if (isShopifyGoalKind(kind)) {
    if (siteKind !== "shopify") fail(`${at}.kind`, kind === "purchase" ? "Purchases are counted on Shopify sites only" : "Shopify's funnel steps are counted on Shopify sites only");
    return { label: shopifyGoalLabel(kind), kind, selector: null, urlPattern: null, isPrimary, isGuardrail };
  }
  const label = text(raw.label).trim();
  if (!isGoalLabel(label)) fail(`${at}.label`, `Enter a label of 1 to ${MAX_GOAL_LENGTH} characters, without line breaks or tabs`);
  else if (label === PURCHASE_GOAL) fail(`${at}.label`, `"${PURCHASE_GOAL}" is kept for Shopify purchases`);
  else if ((FUNNEL_LABELS as readonly string[]).includes(label)) fail(`${at}.label`, `"${label}" is kept for Shopify's funnel`);
  let selector: string | null = null;
  let urlPattern: string | null = null;
  if (kind === "click" || kind === "submit") {
    selector = text(raw.selector).trim();
    const error = selectorError(selector);
    if (error) fail(`${at}.selector`, error);
  }
  if (kind === "url") {
    const rule = pageRule(raw.page);
    const error = rule ? (templateSiteError(rule, siteKind) ?? pageRuleError(rule)) : "Choose a rule";
    if (error || !rule) fail(`${at}.page`, error ?? "Choose a rule");
    else urlPattern = pageRuleToPattern(rule);
  }
  return { label, kind, selector, urlPattern, isPrimary, isGuardrail };
}

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function words(value: unknown): string[] {
  return text(value).split(/\s+/).filter(Boolean);
}

function integer(value: unknown): number | null {
  const s = text(value).trim();
  return /^\d{1,7}$/.test(s) ? Number(s) : null;
}

function decimal(value: unknown): number | null {
  const s = text(value).trim();
  return /^\d{1,7}(\.\d{1,6})?$/.test(s) ? Number(s) : null;
}

function pageRule(value: unknown): PageRule | null {
  const raw = record(value);
  if (!raw) return null;
  const kind = text(raw.kind);
  if (!["exact", "prefix", "contains", "wildcard", "template"].includes(kind)) return null;
  return { kind: kind as PageRule["kind"], value: text(raw.value) };
}

/** Template rules name Shopify's template types: refused on other sites. */
function templateSiteError(rule: PageRule, siteKind: SiteKind): string | null {
  return rule.kind === "template" && siteKind !== "shopify" ? "Template types exist on Shopify sites only" : null;
}

/** The posted `definition` field as JSON; anything unreadable becomes null, which parseTestForm refuses. */
export function readDefinitionField(field: unknown): unknown {
  if (typeof field !== "string") return null;
  try {
    return JSON.parse(field) as unknown;
  } catch {
    return null;
  }
}

/** The patch-shape messages that mean "this would run script" or load from another site (patch-shape.ts). */
const UNSAFE_CONTENT = /^(Remove what could run script|Script \(javascript:\)|Event handler attributes|Load nothing from another site)/;

/**
 * Why a redirect arm's target would never be served, or null. The snippet follows a redirect only on the
 * page's own origin (snippet/src/redirect.ts), and a target the test itself matches would send the visitor
 * to a page of the same test (or nowhere): a full URL must be on one of the site's `origins`, and its path
 * (or a relative one's) must not match the test's path rules. A query alone (`?view=b`) keeps the path and
 * is fine.
 */
export function redirectTargetError(target: string, origins: readonly string[], pages: readonly string[]): string | null {
  if (target.startsWith("?")) return null;
  let url: URL;
  try {
    url = new URL(target, "https://relative.invalid");
  } catch {
    return "Enter a path on this site like /landing-b, or a full http(s) URL of one of its pages";
  }
  if (!target.startsWith("/")) {
    if (origins.length === 0) return "This site has no domain yet: enter a path like /landing-b";
    if (!origins.includes(url.origin)) return `Visitors can only be sent to this site's own pages (${origins.join(" or ")}): enter a path like /landing-b`;
  }
  const paths = pages.filter((p) => p && !p.startsWith(TEMPLATE_PREFIX));
  if (matchesAnyPath(paths, url.pathname)) return "This URL is a page the test itself runs on, so visitors would never get there: send them to a page outside the test's pages";
  return null;
}
