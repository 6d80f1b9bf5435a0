import { describe, expect, it } from "vitest";
import { EDITOR_TOKEN_PATTERN, MAX_EDITOR_TOKEN_LENGTH, looksLikeEditorToken } from "~/wire/editor";
import { CHECK_LIFETIME_SECONDS, checkKeyFrom, checkTokenDigest, editorKeyFrom, EDITOR_LIFETIME_SECONDS, signEditorToken, verifyEditorToken } from "./editor-token";
import { previewKeyFrom, signPreviewToken, verifyPreviewToken } from "./preview-token";

const previewKey = previewKeyFrom("app-secret");
const key = editorKeyFrom(previewKey);
const now = 1_700_000_000;
const claims = { site: "shop1site", test: "t1", arm: "t1-b", exp: now + EDITOR_LIFETIME_SECONDS };

describe("editor tokens", () => {
  it("round-trips the claims before expiry, as text the snippet's pattern accepts", () => {
    const token = signEditorToken(key, claims);
    expect(token).toMatch(EDITOR_TOKEN_PATTERN);
    expect(token.length).toBeLessThanOrEqual(MAX_EDITOR_TOKEN_LENGTH);
    expect(looksLikeEditorToken(token)).toBe(true);
    expect(verifyEditorToken(key, token, now)).toEqual({ ok: true, claims });
    expect(verifyEditorToken(key, token, claims.exp - 1)).toEqual({ ok: true, claims });
  });

  it("lasts two hours, and refuses the token from its expiry on, telling whose it was", () => {
    expect(EDITOR_LIFETIME_SECONDS).toBe(7200);
    const token = signEditorToken(key, claims);
    expect(verifyEditorToken(key, token, claims.exp)).toEqual({ ok: false, reason: "expired", claims });
    expect(verifyEditorToken(key, token, claims.exp + 3600).ok).toBe(false);
  });

  it("has a key of its own: not the preview key, and different for another secret", () => {
    expect(editorKeyFrom(previewKey)).toEqual(key);
    expect(key).not.toEqual(previewKey);
    expect(editorKeyFrom(previewKeyFrom("other"))).not.toEqual(key);
  });

  it("is no selector check's token, and the other way round: a check's token never saves, an editor's never reports", () => {
    const checkKey = checkKeyFrom(previewKey);
    expect(checkKey).not.toEqual(key);
    expect(verifyEditorToken(checkKey, signEditorToken(key, claims), now)).toEqual({ ok: false, reason: "bad-signature" });
    expect(verifyEditorToken(key, signEditorToken(checkKey, claims), now)).toEqual({ ok: false, reason: "bad-signature" });
    expect(CHECK_LIFETIME_SECONDS).toBe(900);
  });

  it("is no preview token, and a preview token is no editor token, for the same claims", () => {
    const preview = signPreviewToken(previewKey, claims);
    expect(verifyEditorToken(key, preview, now)).toEqual({ ok: false, reason: "bad-signature" });
    const editor = signEditorToken(key, claims);
    expect(verifyPreviewToken(previewKey, editor, claims.site, now)).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("refuses a token signed with another key or changed after signing", () => {
    expect(verifyEditorToken(key, signEditorToken(editorKeyFrom("x"), claims), now)).toEqual({ ok: false, reason: "bad-signature" });
    const [, signature] = signEditorToken(key, claims).split(".");
    const otherArm = Buffer.from(JSON.stringify({ ...claims, arm: "t1-a" })).toString("base64url");
    expect(verifyEditorToken(key, `${otherArm}.${signature}`, now)).toEqual({ ok: false, reason: "bad-signature" });
    const later = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString("base64url");
    expect(verifyEditorToken(key, `${later}.${signature}`, claims.exp + 10)).toEqual({ ok: false, reason: "bad-signature" });
  });

  it.each(["", "abc", "a.b.c", "a.", ".b", "a b.c", "a+b.c", "x".repeat(600) + ".y"])("refuses the malformed token %j", (token) => {
    expect(verifyEditorToken(key, token, now)).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses a correctly signed payload that is not claims", () => {
    for (const value of [null, [], "text", { ...claims, exp: "later" }, { ...claims, test: 1 }, { ...claims, exp: 1.5 }]) {
      expect(verifyEditorToken(key, signEditorToken(key, value as never), now)).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("tells a token's shape from anything else before any check", () => {
    for (const text of ["", "a b", "<script>", "a/b", "x".repeat(MAX_EDITOR_TOKEN_LENGTH + 1)]) expect(looksLikeEditorToken(text)).toBe(false);
    expect(looksLikeEditorToken("abc.DEF-_1")).toBe(true);
  });

  it("keeps of a check token that reported only a digest, one per token", () => {
    const key = checkKeyFrom("secret");
    const a = signEditorToken(key, { site: "s", test: "t", arm: "a", exp: 2_000_000_000 });
    const b = signEditorToken(key, { site: "s", test: "t", arm: "a", exp: 2_000_000_001 });
    expect(checkTokenDigest(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(checkTokenDigest(a)).toBe(checkTokenDigest(a));
    expect(checkTokenDigest(a)).not.toBe(checkTokenDigest(b));
    expect(checkTokenDigest(a)).not.toContain(a.split(".")[0]);
  });
});
