// The script tag a merchant pastes into a non-Shopify site's head (the spec's "The snippet tag").

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
