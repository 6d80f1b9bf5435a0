// The visual editor's door in the snippet: a token in the page's fragment loads the editor from the app.

/**
 * The editor token in `location.hash` (`#svc-editor=<token>`, app/wire/editor.ts), if any. The fragment
 * never reaches the site's server; the token is checked by the app, which serves /editor.js only for a
 * valid one, so a forged token loads nothing.
 */
export function editorToken(hash: string): string | undefined {
  return /[#&]svc-editor=([\w.-]{1,512})(?:&|$)/.exec(hash)?.[1];
}

/** Appends the editor's script as a child of head (nothing is written on head itself). */
export function loadEditor(base: string, token: string): void {
  const s = document.createElement("script");
  s.src = `${base}/editor.js?token=${token}`;
  document.head.appendChild(s);
}
