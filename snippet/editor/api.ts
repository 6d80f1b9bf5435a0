// The editor's calls to the app, authenticated by the token alone: load the session, save the arm's
// patches, and (a selector check's token) report the check. No cookies go along (the page is the merchant's storefront, not the admin).
import type { EditorSaveRequest, EditorSession, SelectorCheckAnswer } from "../../app/wire/editor";
import type { SelectorCheckReport } from "../../app/wire/rules/selector-check";
import { looksLikeEditorToken } from "../../app/wire/editor";
import type { Patch } from "../../app/wire/patches";
import { isObject } from "../src/guard";

export interface Endpoint {
  /** The app's origin, from the editor script's own URL. */
  base: string;
  token: string;
}

/** Where the editor was loaded from: `{base}/editor.js?token=…`. Null when the script's URL says otherwise. */
export function endpointOf(scriptSrc: string): Endpoint | null {
  const url = new URL(scriptSrc);
  const token = url.searchParams.get("token") ?? "";
  return looksLikeEditorToken(token) ? { base: url.origin, token } : null;
}

const call = (e: Endpoint, path: string, init?: RequestInit) =>
  fetch(`${e.base}${path}?token=${encodeURIComponent(e.token)}`, { credentials: "omit", cache: "no-store", ...init });

/** The session, or null when the token is refused or the answer is not a session. */
export async function loadSession(e: Endpoint): Promise<EditorSession | null> {
  const res = await call(e, "/api/editor/session");
  if (!res.ok) return null;
  const body: unknown = await res.json();
  return isSession(body) ? body : null;
}

function isSession(v: unknown): v is EditorSession {
  if (!isObject(v) || !isObject(v.test) || typeof v.arm !== "string" || typeof v.editable !== "boolean" || !Array.isArray(v.arms))
    return false;
  return v.arms.some((a) => isObject(a) && a.id === v.arm) && v.arms.every((a) => isObject(a) && typeof a.id === "string" && Array.isArray(a.patches));
}

export type SaveResult =
  | { ok: true; patches: Patch[] }
  /** 422: the issues as the server words them (`patches.2.sel: …`). */
  | { ok: false; status: 422; issues: string[]; detail: string }
  /** Any other refusal (401/403 token, 409 test locked, …) or no answer at all (status 0). */
  | { ok: false; status: number; detail: string };

export async function savePatches(e: Endpoint, patches: Patch[]): Promise<SaveResult> {
  let res: Response;
  try {
    const body: EditorSaveRequest = { patches };
    res = await call(e, "/api/editor/patches", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  } catch {
    return { ok: false, status: 0, detail: "The app did not answer. Check your connection and save again." };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok && isObject(body) && Array.isArray(body.patches)) return { ok: true, patches: body.patches as Patch[] };
  const problem: Record<string, unknown> = isObject(body) ? body : {};
  const detail = String(problem.detail ?? problem.title ?? `The app answered ${res.status}.`);
  if (res.status === 422) return { ok: false, status: 422, issues: Array.isArray(problem.issues) ? problem.issues.map(String) : [], detail };
  return { ok: false, status: res.status, detail };
}

export type CheckResult = { ok: true; answer: SelectorCheckAnswer } | { ok: false; status: number; detail: string };

/** Reports a selector check's counts (a check token's one call besides the session). */
export async function sendCheck(e: Endpoint, report: SelectorCheckReport): Promise<CheckResult> {
  let res: Response;
  try {
    res = await call(e, "/api/editor/check", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(report) });
  } catch {
    return { ok: false, status: 0, detail: "The app did not answer. Check your connection and check again from the admin." };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok && isObject(body) && typeof body.counted === "number" && typeof body.unmatched === "number") return { ok: true, answer: body as unknown as SelectorCheckAnswer };
  const problem: Record<string, unknown> = isObject(body) ? body : {};
  return { ok: false, status: res.status, detail: String(problem.detail ?? problem.title ?? `The app answered ${res.status}.`) };
}
