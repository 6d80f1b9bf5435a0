import { describe, expect, it } from "vitest";
import { previewKeyFrom, signPreviewToken, verifyPreviewToken, PREVIEW_LIFETIME_SECONDS } from "./preview-token";

const key = previewKeyFrom("app-secret");
const claims = { site: "shop1site", test: "t1", arm: "t1-b", exp: 1_000 + PREVIEW_LIFETIME_SECONDS };

describe("preview tokens", () => {
  it("round-trips the claims for the same site before expiry", () => {
    const token = signPreviewToken(key, claims);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyPreviewToken(key, token, "shop1site", 1_000)).toEqual({ ok: true, claims });
  });

  it("derives a key of its own, different for another secret", () => {
    expect(previewKeyFrom("app-secret")).toEqual(key);
    expect(previewKeyFrom("other")).not.toEqual(key);
    expect(key.toString()).not.toContain("app-secret");
  });

  it("rejects a token once it expires", () => {
    const token = signPreviewToken(key, claims);
    expect(verifyPreviewToken(key, token, "shop1site", claims.exp)).toEqual({ ok: false, reason: "expired" });
  });

  it("rejects a token for another site", () => {
    const token = signPreviewToken(key, claims);
    expect(verifyPreviewToken(key, token, "othersite", 1_000)).toEqual({ ok: false, reason: "other-site" });
  });

  it("rejects a token signed with another key", () => {
    const token = signPreviewToken(previewKeyFrom("other"), claims);
    expect(verifyPreviewToken(key, token, "shop1site", 1_000)).toEqual({ ok: false, reason: "bad-signature" });
  });

  it("rejects a payload changed after signing", () => {
    const [, signature] = signPreviewToken(key, claims).split(".");
    const forged = Buffer.from(JSON.stringify({ ...claims, arm: "t1-a" })).toString("base64url");
    expect(verifyPreviewToken(key, `${forged}.${signature}`, "shop1site", 1_000)).toEqual({ ok: false, reason: "bad-signature" });
  });

  it.each(["", "abc", "a.b.c", "a.", ".b", "a b.c", "x".repeat(600) + ".y"])("rejects the malformed token %j", (token) => {
    expect(verifyPreviewToken(key, token, "shop1site", 1_000)).toEqual({ ok: false, reason: "malformed" });
  });

  it("rejects signed payloads that are not claims", () => {
    for (const value of [null, [], { ...claims, exp: "later" }, { ...claims, arm: 1 }, { ...claims, exp: 1.5 }]) {
      const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
      const token = `${payload}.${signPreviewToken(key, claims).split(".")[1]}`;
      // A correctly signed token whose payload is wrong: sign it for real to reach the claims check.
      const signed = signPreviewToken(key, value as never);
      expect(verifyPreviewToken(key, token, "shop1site", 1_000).ok).toBe(false);
      expect(verifyPreviewToken(key, signed, "shop1site", 1_000)).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
