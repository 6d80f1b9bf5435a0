// Editor tokens: a signed, two-hour permission to open the visual editor on one arm of one test and save
// that arm's patches. Same signing as preview links, under a key of its own: neither passes as the other.
import { purposeKey, signClaims, verifyClaims, type ArmClaims, type ClaimsCheck } from "./signed-claims";

/** Long enough to edit a page at leisure; short enough that a token left in a tab's history soon means nothing. */
export const EDITOR_LIFETIME_SECONDS = 2 * 60 * 60;

export type EditorClaims = ArmClaims;

export type EditorCheck = ClaimsCheck;

const KEY_LABEL = "svc visual editor v1";

/**
 * The editor's signing key, derived from the key material preview links come from (so every instance that
 * shares preview links shares editor tokens too) under its own label.
 */
export function editorKeyFrom(source: string | Uint8Array): Buffer {
  return purposeKey(source, KEY_LABEL);
}

/** A token for `claims`; its text matches EDITOR_TOKEN_PATTERN (app/wire/editor.ts). */
export function signEditorToken(key: Uint8Array, claims: EditorClaims): string {
  return signClaims(key, claims);
}

/** The claims when the token is ours and unexpired; otherwise why not (an expired one keeps its claims). */
export function verifyEditorToken(key: Uint8Array, token: string, nowSeconds: number): EditorCheck {
  return verifyClaims(key, token, nowSeconds);
}
