// The script tag a merchant pastes into a non-Shopify site's head (the spec's "The snippet tag").

export function snippetTag(baseUrl: string, siteId: string): string {
  const src = new URL("/snippet.js", baseUrl).href;
  return `<script src="${escapeAttribute(src)}" async data-svc-site="${escapeAttribute(siteId)}"></script>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
