// The test editor's use cases: the form's data for a new or existing test, saving (parse → edit policy →
// one write → the snippet's cache dropped at once), and "duplicate as a new draft".
import { checkEdit, lockExplanation, structureEditable, type TestStatus } from "~/domain/experiments/test-edit-policy";
import { newTestForm, parseTestForm, testToForm, type FieldErrors, type ParsedTest, type SiteKind, type TestFormValues } from "~/domain/experiments/test-form";
import { validPatches } from "~/domain/experiments/patch-shape";
import { storefrontOrigins } from "~/domain/links/editor-page";
import { findShopByDomain } from "~/models/shop.server";
import { listSitesOfShop } from "~/models/site.server";
import { createTest, duplicateTest, findTestOfShop, updateTest, type TestFields } from "~/models/test.server";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { invalidateSite } from "~/services/storefront/site-cache.server";
import { loadAlternateTemplates, type AlternateTemplates } from "./theme-templates.server";

export interface EditorSite {
  /** The public Site ID (the form never sees internal ids). */
  id: string;
  name: string;
  kind: SiteKind;
  /** Where its pages are served: a redirect arm's full URL must be on one of them (the form checks as typed). */
  origins: string[];
}

export interface TestEditorData {
  sites: EditorSite[];
  values: TestFormValues;
  /** Null for a new test. */
  test: { id: string; name: string; status: TestStatus } | null;
  /** Why pages, traffic, arms and goals are locked; null when they may change. */
  lock: string | null;
  templates: AlternateTemplates;
}

export type SaveOutcome =
  | { ok: true; id: string }
  /**
   * 400: the form is wrong; 422: a change would run script or blank the storefront; 404: not the shop's;
   * 409: a locked part of a test that has run changed.
   */
  | { ok: false; status: 400 | 404 | 409 | 422; errors: FieldErrors };

const NOT_FOUND: SaveOutcome = { ok: false, status: 404, errors: { form: "This test does not exist or belongs to another shop" } };

async function shopSites(shopDomain: string) {
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return null;
  const sites = await listSitesOfShop(shop.id);
  return { shop, sites };
}

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
  return { sites, values: newTestForm(site), test: null, lock: null, templates: await templatesFor(shopDomain, sites, graphql) };
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
    arms: test.arms.map((arm) => ({
      key: arm.key,
      name: arm.name,
      weight: arm.weight,
      patches: validPatches(arm.patches) ?? [],
      redirectUrl: arm.redirectUrl,
    })),
    goals: test.goals.map((goal) => ({
      label: goal.label,
      kind: goal.kind,
      selector: goal.selector,
      urlPattern: goal.urlPattern,
      isPrimary: goal.isPrimary,
    })),
  };
}

/** The form of the shop's test; null when it does not exist or is another shop's. */
export async function loadTestEditor(shopDomain: string, testId: string, graphql: AdminGraphql | null): Promise<TestEditorData | null> {
  const found = await shopSites(shopDomain);
  if (!found) return null;
  const test = await findTestOfShop(found.shop.id, testId);
  if (!test) return null;
  const sites = editorSites(found.sites, found.shop.domain);
  return {
    sites,
    values: testToForm(storedDefinition(test), test.site.kind),
    test: { id: test.id, name: test.name, status: test.status },
    lock: lockExplanation(test.status),
    templates: await templatesFor(shopDomain, sites, graphql),
  };
}

function fieldsOf(parsed: ParsedTest, siteDbId: string): TestFields {
  return { ...parsed, siteId: siteDbId };
}

/** Creates a draft from the posted form; nothing is written when the form is invalid. */
export async function createTestFromForm(shopDomain: string, payload: unknown): Promise<SaveOutcome> {
  const found = await shopSites(shopDomain);
  const sites = found?.sites ?? [];
  const parsed = parseTestForm(payload, { sites: editorSites(sites, found?.shop.domain ?? shopDomain) });
  if (!parsed.ok) return { ok: false, status: parsed.unsafe ? 422 : 400, errors: parsed.errors };
  const site = sites.find((s) => s.publicId === parsed.test.siteId);
  if (!site) return { ok: false, status: 400, errors: { siteId: "Choose a site" } };
  const id = await createTest(fieldsOf(parsed.test, site.id));
  invalidateSite(site.publicId);
  return { ok: true, id };
}

/** Saves the shop's test from the posted form, within what its status allows. */
export async function saveTestFromForm(shopDomain: string, testId: string, payload: unknown): Promise<SaveOutcome> {
  const found = await shopSites(shopDomain);
  if (!found) return NOT_FOUND;
  const test = await findTestOfShop(found.shop.id, testId);
  if (!test) return NOT_FOUND;
  const parsed = parseTestForm(payload, { sites: editorSites(found.sites, found.shop.domain) });
  if (!parsed.ok) return { ok: false, status: parsed.unsafe ? 422 : 400, errors: parsed.errors };
  const decision = checkEdit(test.status, storedDefinition(test), parsed.test);
  if (!decision.ok) return { ok: false, status: 409, errors: decision.errors };
  const site = found.sites.find((s) => s.publicId === parsed.test.siteId);
  if (!site) return { ok: false, status: 400, errors: { siteId: "Choose a site" } };
  const saved = await updateTest(found.shop.id, test.id, fieldsOf(parsed.test, site.id), structureEditable(test.status));
  if (!saved) return NOT_FOUND;
  invalidateSite(test.site.publicId);
  if (site.publicId !== test.site.publicId) invalidateSite(site.publicId);
  return { ok: true, id: test.id };
}

/** A draft copy of the shop's test, "<name> (copy)"; null when it does not exist or is another shop's. */
export async function duplicateTestOfShop(shopDomain: string, testId: string): Promise<string | null> {
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return null;
  const source = await findTestOfShop(shop.id, testId);
  if (!source) return null;
  const id = await duplicateTest(shop.id, testId, `${source.name} (copy)`.slice(0, 120));
  if (id) invalidateSite(source.site.publicId);
  return id;
}
