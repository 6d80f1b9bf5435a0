// The visual editor's door in the snippet: a token in the page's fragment loads the editor from the app.

/**
 * The editor token in `location.hash` (`#svc-editor=<token>`, app/wire/editor.ts), if any. The fragment
 * never reaches the site's server; the token is checked by the app, which serves /editor.js only for a
 * valid one, so a forged token loads nothing.
 */
export function editorToken(hash: string): string | undefined {
  return /[#&]svc-editor=([\w.-]{1,512})(?:&|$)/.exec(hash)?.[1];
}

/**
 * Takes the token out of the address bar and this history entry at once (a copied, shared or bookmarked
 * URL, or the back button, never carries it; the rest of the fragment stays), then appends the editor's
 * script as a child of head (nothing is written on head itself).
 */
export function loadEditor(base: string, token: string): void {
  try {
    history.replaceState(history.state, "", location.href.replace(/([#&])svc-editor=[^&]*&?/, "$1").replace(/[#&]$/, ""));
  } catch {
    // A sandboxed or opaque-origin page may refuse: the editor still opens.
  }
  const s = document.createElement("script");
  s.src = `${base}/editor.js?token=${token}`;
  document.head.appendChild(s);
}
