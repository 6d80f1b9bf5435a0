// Editor tokens: a signed, two-hour permission to open the visual editor on one arm of one test and save
// that arm's patches. Same signing as preview links, under a key of its own: neither passes as the other.
import { createHash } from "node:crypto";
import { purposeKey, signClaims, verifyClaims, type ArmClaims, type ClaimsCheck } from "./signed-claims";

/** Long enough to edit a page at leisure; short enough that a token left in a tab's history soon means nothing. */
export const EDITOR_LIFETIME_SECONDS = 2 * 60 * 60;

export type EditorClaims = ArmClaims;

export type EditorCheck = ClaimsCheck;

const KEY_LABEL = "svc visual editor v1";
const CHECK_KEY_LABEL = "svc selector check v1";

/**
 * A selector check's token: the editor's code on one page, counting what every variant's selectors match
 * and reporting it once. Its own key, so it can never save patches, and an editor token never reports a
 * check; its `arm` is the control's (the check is the whole test's). Short: the page runs it as it loads.
 */
export const CHECK_LIFETIME_SECONDS = 15 * 60;

/**
 * The editor's signing key, derived from the key material preview links come from (so every instance that
 * shares preview links shares editor tokens too) under its own label.
 */
export function editorKeyFrom(source: string | Uint8Array): Buffer {
  return purposeKey(source, KEY_LABEL);
}

/** The selector check's signing key, from the same source as the editor's, under its own label. */
export function checkKeyFrom(source: string | Uint8Array): Buffer {
  return purposeKey(source, CHECK_KEY_LABEL);
}

/** A token for `claims`; its text matches EDITOR_TOKEN_PATTERN (app/wire/editor.ts). */
export function signEditorToken(key: Uint8Array, claims: EditorClaims): string {
  return signClaims(key, claims);
}

/** The claims when the token is ours and unexpired; otherwise why not (an expired one keeps its claims). */
export function verifyEditorToken(key: Uint8Array, token: string, nowSeconds: number): EditorCheck {
  return verifyClaims(key, token, nowSeconds);
}

/** What is kept of a check token once it has reported (it reports once): SHA-256 (hex), never the token. */
export function checkTokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
