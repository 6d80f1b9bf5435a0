// The selector check on the storefront: opened by the admin with a check token, the editor's code waits for
// the page to load and settle, counts what each variant change's selector matches here (the page as it is:
// on an editor's pageview the snippet applies no arm), reports the counts once, and says so in a small note.
import type { EditorSession, SelectorCheckAnswer } from "../../app/wire/editor";
import { MAX_PATH_LENGTH } from "../../app/wire/limits";
import { reportedCount, type SelectorCheckReport, type SelectorCount } from "../../app/wire/rules/selector-check";
import { sendCheck, type CheckResult, type Endpoint } from "./api";
import { h } from "./dom";

/** Elements added by the page's own scripts just after `load` (carousels, app blocks) are counted too. */
export const SETTLE_MS = 1000;
/** A page whose `load` never comes (a stuck image) is checked anyway after this. */
export const LOAD_WAIT_MS = 10_000;
export const CHECK_HOST_TAG = "svc-check";

/** Elements `sel` matches in `doc`; null when the browser refuses the selector. */
function matches(doc: Document, sel: string): number | null {
  try {
    return reportedCount(doc.querySelectorAll(sel).length);
  } catch {
    return null;
  }
}

/** The report for this page: every variant's changes that have a selector, in the session's order. */
export function countSelectors(session: EditorSession, doc: Document, path: string): SelectorCheckReport {
  const changes: SelectorCount[] = session.arms
    .filter((arm) => !arm.control)
    .flatMap((arm) => arm.patches.flatMap((patch, index) => ("sel" in patch ? [{ arm: arm.id, index, sel: patch.sel, matched: matches(doc, patch.sel) }] : [])));
  return { page: path.slice(0, MAX_PATH_LENGTH) || "/", changes };
}

/** What the note on the page says once the report is answered. */
export function checkNote(result: CheckResult): string {
  if (!result.ok) return `svc could not record the check: ${result.detail}`;
  const { counted, unmatched } = result.answer;
  const found = unmatched === 0 ? "every selector matched." : `${unmatched} of ${counted} matched nothing.`;
  return `svc checked ${counted} ${counted === 1 ? "change" : "changes"} on this page: ${found} The test's page in the admin shows the result; you can close this tab.`;
}

function whenLoaded(): Promise<void> {
  if (document.readyState === "complete") return Promise.resolve();
  return new Promise((done) => {
    window.addEventListener("load", () => done(), { once: true });
    setTimeout(done, LOAD_WAIT_MS);
  });
}

function showNote(text: string, failed: boolean): void {
  const host = document.createElement(CHECK_HOST_TAG);
  const root = host.attachShadow({ mode: "open" });
  root.append(
    h("style", {}, `p{position:fixed;z-index:2147483647;bottom:16px;right:16px;max-width:360px;margin:0;padding:12px 16px;border-radius:8px;font:14px/1.4 system-ui,sans-serif;background:${failed ? "#fee2e2" : "#fff"};color:#111;box-shadow:0 4px 16px rgba(0,0,0,.25)}`),
    h("p", { role: "status", "aria-label": "svc selector check" }, text),
  );
  document.body.appendChild(host);
}

/** Runs the check once on this page and reports it; what the server answered. */
export async function runCheck(session: EditorSession, endpoint: Endpoint): Promise<SelectorCheckAnswer | null> {
  await whenLoaded();
  await new Promise((done) => setTimeout(done, SETTLE_MS));
  const result = await sendCheck(endpoint, countSelectors(session, document, location.pathname));
  showNote(checkNote(result), !result.ok);
  return result.ok ? result.answer : null;
}
