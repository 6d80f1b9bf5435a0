// What a merchant pastes into a non-Shopify site's head: the snippet tag (the spec's "The snippet tag") and the optional inline helper.
import { createHash } from "node:crypto";
import { HIDE_SHEET_PATH } from "~/wire/hide";
import { isInlineSafe } from "~/wire/rules/inline-script";

export interface SnippetTagOptions {
  /** The site's own consent platform inserts the tag only after consent (docs/snippet.md, data-svc-consent). */
  consentGranted?: boolean;
}

export function snippetTag(baseUrl: string, siteId: string, options: SnippetTagOptions = {}): string {
  const src = new URL("/snippet.js", baseUrl).href;
  const consent = options.consentGranted ? ' data-svc-consent="granted"' : "";
  return `<script src="${escapeAttribute(src)}" async data-svc-site="${escapeAttribute(siteId)}"${consent}></script>`;
}

/** The spec's install rules, as the admin prints them beside the tag. */
export const SNIPPET_INSTALL_RULES: readonly string[] = [
  "Paste the tag inside <head>, before its closing </head> tag.",
  "Once per page: a second copy (for example a theme tag plus a tag manager tag) is ignored.",
  "Load it from this address as shown: do not self-host or bundle snippet.js.",
];

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The optional inline head helper (snippet/head) as a merchant pastes it, with the CSP source that allows it. */
export interface HeadHelperScript {
  /** `<script>…</script>`, to paste in <head> before the tag. */
  script: string;
  /** For a Content-Security-Policy without 'unsafe-inline': add this to `script-src`. */
  csp: string;
}

/** The helper's built code as an inline script, or null when the code is not safe inside one. */
export function headHelperScript(code: string): HeadHelperScript | null {
  if (!code || !isInlineSafe(code)) return null;
  // CSP hashes the script element's exact text: nothing may be added between the tags.
  return { script: `<script>${code}</script>`, csp: cspHash(code) };
}

/**
 * The opt-in first-visit helper (snippet/head/head-sheet.ts) for one site: its built code inline, and the
 * site's hiding-sheet URL (`{base}/api/hide.css?site=…`, to which it appends `&p=<path>`) in the script's
 * `data-svc-sheet` attribute. CSP hashes the text alone, so the hash is the same for every site and
 * changes only when svc updates the helper. Null when the code is not safe inside an inline script.
 */
export function firstVisitHelperScript(code: string, baseUrl: string, siteId: string): HeadHelperScript | null {
  if (!code || !isInlineSafe(code)) return null;
  const sheet = new URL(HIDE_SHEET_PATH, baseUrl);
  sheet.searchParams.set("site", siteId);
  return { script: `<script data-svc-sheet="${escapeAttribute(sheet.href)}">${code}</script>`, csp: cspHash(code) };
}

const cspHash = (code: string) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;
