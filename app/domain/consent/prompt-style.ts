// How the consent prompt looks: the style sheet its shadow root gets, sent with its words by GET /api/consent.

/**
 * For the snippet's prompt (snippet/src/prompt.ts): a shadow root holding
 * `div[role=region] > p#t + button#y + button#n` under the `<svc-consent>` host. Served rather than
 * bundled because every shopper downloads the snippet, and only visitors who are asked need this.
 * `!important` on :host beats page rules aimed at the host element; inside, page CSS cannot reach.
 * Nothing is left- or right-specific: under `dir="rtl"` the flex row mirrors by itself.
 */
export const PROMPT_STYLE =
  ":host{all:initial!important;position:fixed!important;inset:auto 0 0!important;padding:12px!important;z-index:2147483647!important}" +
  "div{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;max-width:560px;margin:auto;padding:12px 16px;" +
  "font:15px/1.4 system-ui,sans-serif;color:#111;background:#fff;border:1px solid #555;border-radius:6px}" +
  "p{margin:0;flex:1 1 250px}button{font:inherit;padding:8px 16px;border:2px solid #111;border-radius:4px;background:#fff;color:#111}" +
  "#y{background:#111;color:#fff}button:focus-visible{outline:3px solid #15c;outline-offset:2px}";
