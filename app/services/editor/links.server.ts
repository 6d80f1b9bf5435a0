// "Edit on the storefront" in the admin: the page the editor proposes for a test, and a fresh editor token
// for one variant of it, opened on the page the merchant chose (checked to be the site's own); and the
// selector check's link, the same page with a check token, whose editor code counts and reports.
import { checkEditorPageUrl, editorPagePath, editorUrl, storefrontOrigins } from "~/domain/links/editor-page";
import { CHECK_LIFETIME_SECONDS, EDITOR_LIFETIME_SECONDS, signEditorToken } from "~/domain/links/editor-token";
import { hasCheckableChanges } from "~/domain/experiments/selector-check";
import { structureEditable } from "~/domain/experiments/test-edit-policy";
import { findEditorTestOfShop, type EditorTestRow } from "~/models/tests/editor.server";
import { checkKey, editorKey } from "./access.server";
import { demoStorefrontPath } from "~/demo/public.server";
import { fail, ok, type Outcome } from "~/services/outcome";

export interface EditorLinkContext {
  /** The admin runs as the local demo (its storefronts are this server's own pages). */
  demo: boolean;
  /** Origin of the admin request: where the demo storefronts are served. */
  requestOrigin: string;
  /** Seconds since the epoch (tests pass their own). */
  now?: number;
}

/** What the test editor's "Edit on the storefront" form starts from. */
export interface StorefrontEditorLaunch {
  /** The proposed page (site origin + the test's first plain path); null when the site has no origin yet. */
  pageUrl: string | null;
  /** Origins a chosen page must be on. */
  origins: string[];
  /** Keys of the saved arms that the editor may open ("b", "c"): variants that change elements, not redirects. */
  armKeys: string[];
  /** False once the test has run: the editor opens to look, and refuses to save. */
  editable: boolean;
}

export interface EditorLink {
  /** `<page>#svc-editor=<token>`, to open in a new tab. */
  url: string;
  armId: string;
  /** ISO 8601. */
  expiresAt: string;
}

function demoPageOf(test: EditorTestRow, { demo }: EditorLinkContext): string | null {
  return demo ? demoStorefrontPath(test.site) : null;
}

function originsOf(test: EditorTestRow, context: EditorLinkContext): string[] {
  const { site } = test;
  const demoOrigin = demoPageOf(test, context) ? context.requestOrigin : null;
  return storefrontOrigins({ kind: site.kind, domain: site.domain, shopDomain: site.shop.domain }, demoOrigin);
}

/** Variants the editor can change: not the control (the page as it is), not a redirect. */
const editableArms = (test: EditorTestRow) => test.arms.filter((arm, i) => i > 0 && !arm.redirectUrl);

/** Where the editor (and the selector check) opens for the test, and which origins a chosen page must be on. */
export function launchOf(test: EditorTestRow, context: EditorLinkContext): StorefrontEditorLaunch {
  const origins = originsOf(test, context);
  const [origin] = origins;
  return {
    pageUrl: origin ? new URL(editorPagePath(test.pages, demoPageOf(test, context)), origin).href : null,
    origins,
    armKeys: editableArms(test).map((arm) => arm.key),
    editable: structureEditable(test.status),
  };
}

/** The form's starting point for the shop's test; null when it is not the shop's or is archived. */
export async function storefrontEditorLaunch(shopDomain: string, testId: string, context: EditorLinkContext): Promise<StorefrontEditorLaunch | null> {
  const test = await findEditorTestOfShop(shopDomain, testId);
  return test && test.status !== "archived" ? launchOf(test, context) : null;
}

/** The form's fields: the arm's key and the page to open. */
export interface EditorLinkRequest {
  arm: string;
  url: string;
}

/** A fresh two-hour editor link for a variant of the shop's test, on the page the merchant chose. */
export async function createEditorLink(shopDomain: string, testId: string, request: EditorLinkRequest, context: EditorLinkContext): Promise<Outcome<EditorLink>> {
  const test = await findEditorTestOfShop(shopDomain, testId);
  if (!test) return fail({ status: 404, type: "not-found", title: "No such test" });
  if (test.status === "archived") return fail({ status: 409, type: "test-archived", title: "An archived test cannot be edited" });
  const arm = test.arms.find((a) => a.key === request.arm);
  if (!arm) return fail({ status: 422, type: "invalid-editor-request", title: "No such arm in this test", issues: ["arm: choose a variant of the test"] });
  if (!editableArms(test).includes(arm)) {
    const why = arm === test.arms[0] ? "the control shows the page as it is" : "this variant redirects, it has no changes to edit";
    return fail({ status: 422, type: "invalid-editor-request", title: "This arm has no changes to edit on the page", issues: [`arm: ${why}`] });
  }
  const origins = originsOf(test, context);
  if (origins.length === 0) {
    return fail({
      status: 409,
      type: "site-domain-missing",
      title: "The site needs its domain before the editor can open on it",
      detail: "Set the site's domain (https://www.example.com) on the Sites page.",
    });
  }
  const page = checkEditorPageUrl(request.url, origins);
  if (!page.ok) return fail({ status: 422, type: "invalid-editor-request", title: page.error, issues: [`url: ${page.error}`] });
  const exp = Math.floor(context.now ?? Date.now() / 1000) + EDITOR_LIFETIME_SECONDS;
  const token = signEditorToken(editorKey(), { site: test.site.publicId, test: test.id, arm: arm.id, exp });
  return ok({ url: editorUrl(page.url, token), armId: arm.id, expiresAt: new Date(exp * 1000).toISOString() });
}

/** `<page>#svc-editor=<check token>`, and when it was made (the check's report comes after it). */
export interface CheckLink {
  url: string;
  /** ISO 8601: the check this link runs is stored with a later time. */
  requestedAt: string;
  /** ISO 8601. */
  expiresAt: string;
}

const SITE_DOMAIN_MISSING = {
  status: 409,
  type: "site-domain-missing",
  title: "The site needs its domain before its pages can be checked",
  detail: "Set the site's domain (https://www.example.com) on the Sites page.",
};

/**
 * A fresh selector-check link for the shop's test, on the page the merchant chose (the proposed page when
 * `url` is empty): opened in a new tab, the page's editor code counts what every variant's selectors
 * match there and reports it. The token's arm is the control: the check is the whole test's.
 */
export async function createCheckLink(shopDomain: string, testId: string, request: { url: string }, context: EditorLinkContext): Promise<Outcome<CheckLink>> {
  const test = await findEditorTestOfShop(shopDomain, testId);
  if (!test) return fail({ status: 404, type: "not-found", title: "No such test" });
  if (test.status === "archived") return fail({ status: 409, type: "test-archived", title: "An archived test has nothing left to check" });
  const [control] = test.arms;
  if (!control || !hasCheckableChanges(test.arms)) {
    return fail({ status: 422, type: "nothing-to-check", title: "No variant changes an element on the page yet: there is no selector to check" });
  }
  const launch = launchOf(test, context);
  if (!launch.pageUrl) return fail(SITE_DOMAIN_MISSING);
  const page = checkEditorPageUrl(request.url.trim() || launch.pageUrl, launch.origins);
  if (!page.ok) return fail({ status: 422, type: "invalid-check-request", title: page.error, issues: [`url: ${page.error}`] });
  const now = Math.floor(context.now ?? Date.now() / 1000);
  const exp = now + CHECK_LIFETIME_SECONDS;
  const token = signEditorToken(checkKey(), { site: test.site.publicId, test: test.id, arm: control.id, exp });
  return ok({ url: editorUrl(page.url, token), requestedAt: new Date(now * 1000).toISOString(), expiresAt: new Date(exp * 1000).toISOString() });
}
