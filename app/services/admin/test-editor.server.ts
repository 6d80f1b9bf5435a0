// The test editor's use cases: the form's data for a new or existing test, saving (parse → edit policy →
// one write → the snippet's cache dropped at once → the storefront's hide plan synced), and "duplicate as
// a new draft".
import { armOfferErrors } from "~/services/shopify/price-check.server";
import { parseOffer } from "~/wire/offers";
import { storedAudience } from "~/wire/rules/audience";
import { checkEdit, lockExplanation, structureEditable, type TestStatus } from "~/domain/experiments/test-edit-policy";
import { goalDefinition, newTestForm, parseTestForm, testToForm, type FieldErrors, type ParsedTest, type SiteKind, type TestFormValues } from "~/domain/experiments/test-form";
import { validPatches } from "~/domain/experiments/patch-shape";
import { placeSlice, shareDoesNotFit } from "~/domain/experiments/test-group";
import { storefrontOrigins } from "~/domain/links/editor-page";
import { findShopByDomain } from "~/models/shops/shop.server";
import { listSitesOfShop } from "~/models/sites/site.server";
import { createTest, duplicateTest, findTestOfShop, updateTest, type TestFields } from "~/models/tests/test.server";
import { heldSlices, listGroupsOfShop } from "~/models/tests/test-group.server";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { fail, invalidForm, ok, type Outcome, type Problem } from "~/services/outcome";
import { syncHideMetafield } from "~/services/shopify/hide-metafield.server";
import { invalidateSite } from "~/services/site-cache.server";
import { loadAlternateTemplates, type AlternateTemplates } from "./theme-templates.server";

export interface EditorSite {
  /** The public Site ID (the form never sees internal ids). */
  id: string;
  name: string;
  kind: SiteKind;
  /** Where its pages are served: a redirect arm's full URL must be on one of them (the form checks as typed). */
  origins: string[];
}

/** A mutually exclusive group the test may join, on its site (public id), with what is free in it. */
export interface EditorGroup {
  id: string;
  name: string;
  siteId: string;
  /** The slices of its other tests that hold one (drafts, running and paused tests). */
  taken: Array<{ testId: string; testName: string; start: number; share: number }>;
}

export interface TestEditorData {
  sites: EditorSite[];
  groups: EditorGroup[];
  values: TestFormValues;
  /** Null for a new test. */
  test: { id: string; name: string; status: TestStatus } | null;
  /** Why pages, traffic, arms and goals are locked; null when they may change. */
  lock: string | null;
  templates: AlternateTemplates;
}

/** What saving answers: the test's id. */
export interface SavedTest {
  id: string;
}

// Saving refuses with 400 (the form is wrong), 404 (not the shop's test) or 409 (a locked part of a test
// that has run changed); the editor shows the field errors, or the title when there are none.
const NOT_FOUND: Problem = { status: 404, type: "not-found", title: "This test does not exist or belongs to another shop" };
const invalidTest = (errors: FieldErrors): Problem => invalidForm("invalid-test", errors);
/** 422: the form is readable but a change would run script or blank the storefront. */
const unsafeTest = (errors: FieldErrors): Problem => ({ ...invalidForm("unsafe-test", errors), status: 422 });
const refused = (parsed: { unsafe?: boolean; errors: FieldErrors }): Problem => (parsed.unsafe ? unsafeTest(parsed.errors) : invalidTest(parsed.errors));
const CHOOSE_A_SITE = invalidTest({ siteId: "Choose a site" });

async function shopSites(shopDomain: string) {
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return null;
  const [sites, groups] = await Promise.all([listSitesOfShop(shop.id), listGroupsOfShop(shop.id)]);
  return { shop, sites, groups };
}

const HOLDING = new Set(["draft", "running", "paused"]);

const editorGroups = (groups: Awaited<ReturnType<typeof listGroupsOfShop>>, exceptTestId?: string): EditorGroup[] =>
  groups.map((group) => ({
    id: group.id,
    name: group.name,
    siteId: group.site.publicId,
    taken: group.tests.flatMap((t) =>
      t.id !== exceptTestId && HOLDING.has(t.status) && t.groupStart !== null && t.groupShare !== null
        ? [{ testId: t.id, testName: t.name, start: t.groupStart, share: t.groupShare }]
        : [],
    ),
  }));

const editorSites = (sites: Awaited<ReturnType<typeof listSitesOfShop>>, shopDomain: string): EditorSite[] =>
  sites.map((site) => ({
    id: site.publicId,
    name: site.name,
    kind: site.kind,
    origins: storefrontOrigins({ kind: site.kind, domain: site.domain, shopDomain }),
  }));

const templatesFor = (shopDomain: string, sites: EditorSite[], graphql: AdminGraphql | null) =>
  sites.some((site) => site.kind === "shopify") ? loadAlternateTemplates(shopDomain, graphql) : Promise.resolve<AlternateTemplates>({ source: "typed" });

/** The empty form, on the site `siteId` when it is the shop's (else the shop's first site). */
export async function loadNewTestEditor(shopDomain: string, graphql: AdminGraphql | null, siteId?: string | null): Promise<TestEditorData> {
  const found = await shopSites(shopDomain);
  const sites = editorSites(found?.sites ?? [], found?.shop.domain ?? shopDomain);
  const site = sites.find((s) => s.id === siteId) ?? sites[0];
  return { sites, groups: editorGroups(found?.groups ?? []), values: newTestForm(site), test: null, lock: null, templates: await templatesFor(shopDomain, sites, graphql) };
}

type StoredTest = NonNullable<Awaited<ReturnType<typeof findTestOfShop>>>;

function storedDefinition(test: StoredTest): ParsedTest {
  return {
    siteId: test.site.publicId,
    name: test.name,
    hypothesis: test.hypothesis,
    pages: test.pages,
    trafficPercent: test.trafficPercent,
    minDetectableEffect: test.minDetectableEffect,
    groupId: test.groupId,
    groupShare: test.groupShare,
    offerTitle: test.offerTitle,
    buyNow: test.buyNow,
    arms: test.arms.map((arm) => ({
      key: arm.key,
      name: arm.name,
      weight: arm.weight,
      patches: validPatches(arm.patches) ?? [],
      redirectUrl: arm.redirectUrl,
      offer: parseOffer(arm.offer),
    })),
    goals: test.goals.map(goalDefinition),
    // Unreadable: the form starts with no rules, and saving replaces it.
    audience: storedAudience(test.audience) ?? [],
  };
}

/** The form of the shop's test; not found when it does not exist or is another shop's. */
export async function loadTestEditor(shopDomain: string, testId: string, graphql: AdminGraphql | null): Promise<Outcome<TestEditorData>> {
  const found = await shopSites(shopDomain);
  if (!found) return fail(NOT_FOUND);
  const test = await findTestOfShop(found.shop.id, testId);
  if (!test) return fail(NOT_FOUND);
  const sites = editorSites(found.sites, found.shop.domain);
  return ok({
    sites,
    groups: editorGroups(found.groups, test.id),
    values: testToForm(storedDefinition(test), test.site.kind),
    test: { id: test.id, name: test.name, status: test.status },
    lock: lockExplanation(test.status),
    templates: await templatesFor(shopDomain, sites, graphql),
  });
}

/**
 * What the models store: the site's internal id, and the test's slice of its group placed among the slices
 * its other tests hold (kept where it was when it still fits). A share that fits nowhere is a field error.
 */
async function fieldsOf(parsed: ParsedTest, siteDbId: string, stored?: { id: string; groupId: string | null; groupStart: number | null }): Promise<Outcome<TestFields>> {
  if (!parsed.groupId || parsed.groupShare === null) return ok({ ...parsed, siteId: siteDbId, groupId: null, groupShare: null, groupStart: null });
  const taken = await heldSlices(parsed.groupId, stored?.id);
  const start = placeSlice(taken, parsed.groupShare, stored?.groupId === parsed.groupId ? stored.groupStart : null);
  if (start === null) return fail(invalidTest({ groupShare: shareDoesNotFit(taken, parsed.groupShare) }));
  return ok({ ...parsed, siteId: siteDbId, groupStart: start });
}

const formContext = (found: NonNullable<Awaited<ReturnType<typeof shopSites>>> | null, shopDomain: string) => ({
  sites: editorSites(found?.sites ?? [], found?.shop.domain ?? shopDomain),
  groups: (found?.groups ?? []).map((g) => ({ id: g.id, siteId: g.site.publicId })),
});

/**
 * Creates a draft from the posted form; nothing is written when the form is invalid. `graphql` (null in the
 * demo) brings the storefront's hide plan in step; a failed write there is logged, never this save's failure.
 */
export async function createTestFromForm(shopDomain: string, payload: unknown, graphql: AdminGraphql | null): Promise<Outcome<SavedTest>> {
  const found = await shopSites(shopDomain);
  const sites = found?.sites ?? [];
  const parsed = parseTestForm(payload, formContext(found, shopDomain));
  if (!parsed.ok) return fail(refused(parsed));
  const site = sites.find((s) => s.publicId === parsed.test.siteId);
  if (!site) return fail(CHOOSE_A_SITE);
  const offerErrors = await armOfferErrors(parsed.test.arms, graphql);
  if (Object.keys(offerErrors).length > 0) return fail(invalidTest(offerErrors));
  const fields = await fieldsOf(parsed.test, site.id);
  if (!fields.ok) return fields;
  const id = await createTest(fields.value);
  invalidateSite(site.publicId);
  await syncHideMetafield(shopDomain, graphql);
  return ok({ id });
}

/** Saves the shop's test from the posted form, within what its status allows; the hide plan as above. */
export async function saveTestFromForm(shopDomain: string, testId: string, payload: unknown, graphql: AdminGraphql | null): Promise<Outcome<SavedTest>> {
  const found = await shopSites(shopDomain);
  if (!found) return fail(NOT_FOUND);
  const test = await findTestOfShop(found.shop.id, testId);
  if (!test) return fail(NOT_FOUND);
  const parsed = parseTestForm(payload, formContext(found, shopDomain));
  if (!parsed.ok) return fail(refused(parsed));
  const decision = checkEdit(test.status, storedDefinition(test), parsed.test);
  if (!decision.ok) return fail({ status: 409, type: "test-locked", title: "This test's changes are locked", fieldErrors: decision.errors });
  const site = found.sites.find((s) => s.publicId === parsed.test.siteId);
  if (!site) return fail(CHOOSE_A_SITE);
  // Only while the offers may still change: a running test's are locked (checkEdit above), and were checked before.
  const offerErrors = structureEditable(test.status) ? await armOfferErrors(parsed.test.arms, graphql) : {};
  if (Object.keys(offerErrors).length > 0) return fail(invalidTest(offerErrors));
  const fields = await fieldsOf(parsed.test, site.id, test);
  if (!fields.ok) return fields;
  const saved = await updateTest(found.shop.id, test.id, fields.value, structureEditable(test.status));
  if (!saved) return fail(NOT_FOUND);
  invalidateSite(test.site.publicId);
  if (site.publicId !== test.site.publicId) invalidateSite(site.publicId);
  await syncHideMetafield(shopDomain, graphql);
  return ok({ id: test.id });
}

/** A draft copy of the shop's test, "<name> (copy)"; not found when it does not exist or is another shop's. */
export async function duplicateTestOfShop(shopDomain: string, testId: string): Promise<Outcome<SavedTest & { duplicated: true }>> {
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return fail(NOT_FOUND);
  const source = await findTestOfShop(shop.id, testId);
  if (!source) return fail(NOT_FOUND);
  const id = await duplicateTest(shop.id, testId, `${source.name} (copy)`.slice(0, 120));
  if (!id) return fail(NOT_FOUND);
  invalidateSite(source.site.publicId);
  return ok({ id, duplicated: true });
}
