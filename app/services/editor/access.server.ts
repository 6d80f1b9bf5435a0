// The visual editor's gate: its token checked and its test and arm loaded, and which page origins may call
// the editor's API for that site (CORS). Every editor endpoint passes through here first.
import { storefrontOrigins } from "~/domain/links/editor-page";
import { checkKeyFrom, editorKeyFrom, verifyEditorToken, type EditorCheck, type EditorClaims } from "~/domain/links/editor-token";
import { appEnv, previewKey } from "~/env.server";
import { findEditorTest, type EditorTestRow } from "~/models/tests/editor.server";
import { looksLikeEditorToken } from "~/wire/editor";
import { isDemoSite } from "~/demo/public.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";

let cachedKeys: { from: Buffer; edit: Buffer; check: Buffer } | undefined;

function keys() {
  const from = previewKey().key;
  if (cachedKeys?.from !== from) cachedKeys = { from, edit: editorKeyFrom(from), check: checkKeyFrom(from) };
  return cachedKeys;
}

/** This process's editor key, derived from the preview key (the same secret source: app/env.server.ts). */
export const editorKey = (): Buffer => keys().edit;

/** This process's selector-check key, from the same source under its own label. */
export const checkKey = (): Buffer => keys().check;

/**
 * What a token lets its holder do: `edit` (the visual editor: look, and save its arm's patches) or `check`
 * (the selector check: count every variant's selectors on the page and report them). Each is signed with
 * its own key, so each endpoint names the purposes it serves and any other token is simply invalid there.
 */
export type EditorPurpose = "edit" | "check";

/** Where a request to the editor's endpoints comes from. */
export interface EditorRequest {
  /** The `token` query parameter; null when absent. */
  token: string | null;
  /** The request's Origin header; null when absent (not a cross-origin browser request). */
  origin: string | null;
  /** Origin of the request's own URL: this server (the local demo's storefronts are its own pages). */
  requestOrigin: string;
  /** The server runs as the local demo; the configuration's when not given (tests pass their own). */
  demo?: boolean;
  /** Seconds since the epoch (tests pass their own). */
  now?: number;
}

export interface EditorTarget {
  purpose: EditorPurpose;
  claims: EditorClaims;
  test: EditorTestRow;
  arm: EditorTestRow["arms"][number];
}

/**
 * The page origin that may read an editor service's answer (CORS): the request's Origin when the token's
 * site serves from it, else null. Editor services answer `Outcome<T> & CorsGrant`: the outcome, and who may read it.
 */
export interface CorsGrant {
  allowOrigin: string | null;
}

/** The outcome, readable by `allowOrigin`. */
export function granted<T>(allowOrigin: string | null, outcome: Outcome<T>): Outcome<T> & CorsGrant {
  return { ...outcome, allowOrigin };
}

const tokenProblem = (type: string, title: string): Problem => ({ status: 403, type, title });
const MISSING = tokenProblem("editor-token-missing", "An editor token is required");
const INVALID = tokenProblem("editor-token-invalid", "The editor token is not valid");
const expired = (purpose: EditorPurpose): Problem => ({
  ...tokenProblem("editor-token-expired", "The editor token has expired"),
  detail: purpose === "edit" ? "Open the editor again from the test in the admin." : "Check the selectors again from the test in the admin.",
});
const NOT_FOUND: Problem = { status: 404, type: "not-found", title: "The test or arm of this editor token no longer exists" };

function originsOf(test: EditorTestRow, { demo = appEnv().demo, requestOrigin }: EditorRequest): string[] {
  const { site } = test;
  return storefrontOrigins({ kind: site.kind, domain: site.domain, shopDomain: site.shop.domain }, demo && isDemoSite(site) ? requestOrigin : null);
}

/** The token checked under the key of each purpose the endpoint serves: the first whose signature holds. */
function verifyFor(purposes: readonly EditorPurpose[], token: string, now: number): { purpose: EditorPurpose; check: EditorCheck } | null {
  for (const purpose of purposes) {
    const check = verifyEditorToken(purpose === "edit" ? editorKey() : checkKey(), token, now);
    if (check.ok || check.reason === "expired") return { purpose, check };
  }
  return null;
}

/**
 * The token's test and arm, or why the request is refused; CORS for the request's origin when the site
 * allows it. `purposes`: the tokens the endpoint serves (the visual editor's alone unless it says so).
 */
export async function openEditorRequest(request: EditorRequest, purposes: readonly EditorPurpose[] = ["edit"]): Promise<Outcome<EditorTarget> & CorsGrant> {
  const { token } = request;
  if (!token) return granted(null, fail(MISSING));
  if (!looksLikeEditorToken(token)) return granted(null, fail(INVALID));
  const verified = verifyFor(purposes, token, request.now ?? Math.floor(Date.now() / 1000));
  if (!verified) return granted(null, fail(INVALID));
  const { purpose, check } = verified;
  const claims = check.ok || check.reason === "expired" ? check.claims : null;
  if (!claims) return granted(null, fail(INVALID));
  const test = await findEditorTest(claims.site, claims.test);
  const allowed = test ? originsOf(test, request) : [];
  const allowOrigin = request.origin && allowed.includes(request.origin) ? request.origin : null;
  // Signed by us, so its site is known: the editor on that site may read why it was refused.
  if (!check.ok) return granted(allowOrigin, fail(expired(purpose)));
  const arm = test?.arms.find((a) => a.id === claims.arm);
  if (!test || !arm) return granted(allowOrigin, fail(NOT_FOUND));
  return granted(allowOrigin, ok({ purpose, claims, test, arm }));
}

/** A browser page on an origin the site does not serve from gets nothing (a request without Origin is no page's). */
export const refusedOrigin = (request: EditorRequest, gate: CorsGrant): boolean => request.origin !== null && gate.allowOrigin === null;

export const ORIGIN_NOT_ALLOWED: Problem = {
  status: 403,
  type: "origin-not-allowed",
  title: "This origin may not use the editor of this site",
  detail: "The editor saves only from the site's own pages.",
};
