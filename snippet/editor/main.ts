// Entry point of /editor.js, the visual editor: the snippet loads it only when the page's fragment holds an
// editor token, it mounts only when the app accepts that token, and any error leaves the page as it was.
// A selector check's token runs the check instead of the panel.
import { endpointOf, loadSession } from "./api";
import { runCheck } from "./check";
import { mountEditor } from "./panel";

const ONCE = Symbol.for("svc.editor");
// Only readable while this script first runs: it names the app's origin and carries the token.
const script = document.currentScript;

async function start(): Promise<void> {
  const w = window as unknown as Record<symbol, unknown>;
  if (w[ONCE] || !(script instanceof HTMLScriptElement)) return;
  w[ONCE] = true;
  const endpoint = endpointOf(script.src);
  if (!endpoint) return;
  const session = await loadSession(endpoint);
  if (!session) return;
  if (document.readyState === "loading") await new Promise((done) => document.addEventListener("DOMContentLoaded", done, { once: true }));
  // A selector check's token: count, report, and leave the page as it is (no panel).
  if (session.mode === "check") await runCheck(session, endpoint);
  else mountEditor(session, endpoint);
}

start().catch(() => {
  // Fail open (guarantee 1): no editor, the page as it was.
});
