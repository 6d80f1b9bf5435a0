import { createHash, randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashSiteApiKey, newSiteApiKey, parseBearer, SITE_API_KEY_PATTERN } from "./site-api-key";

describe("newSiteApiKey", () => {
  it("makes distinct, well-formed keys whose prefix and hash belong to them", () => {
    const keys = Array.from({ length: 200 }, () => newSiteApiKey(randomBytes));
    expect(new Set(keys.map((k) => k.key)).size).toBe(200);
    for (const { key, prefix, hash } of keys) {
      expect(key).toMatch(SITE_API_KEY_PATTERN);
      expect(key).toHaveLength(39);
      expect(prefix).toBe(key.slice(0, 12));
      expect(prefix.startsWith("svc_sk_")).toBe(true);
      expect(hash).toBe(hashSiteApiKey(key));
    }
  });

  it("encodes the random bytes as RFC 4648 base32", () => {
    // RFC 4648 test vector: base32("fooba") = "MZXW6YTB"; 20 bytes = four such groups.
    const bytes = new TextEncoder().encode("foobafoobafoobafooba");
    expect(newSiteApiKey(() => bytes).key).toBe("svc_sk_" + "mzxw6ytb".repeat(4));
    expect(newSiteApiKey(() => new Uint8Array(20)).key).toBe("svc_sk_" + "a".repeat(32));
    expect(newSiteApiKey(() => new Uint8Array(20).fill(255)).key).toBe("svc_sk_" + "7".repeat(32));
  });

  it("uses every random bit: flipping any bit changes the key", () => {
    const zero = newSiteApiKey(() => new Uint8Array(20)).key;
    for (let bit = 0; bit < 160; bit++) {
      const bytes = new Uint8Array(20);
      bytes[bit >> 3] = 1 << (bit & 7);
      expect(newSiteApiKey(() => bytes).key).not.toBe(zero);
    }
  });

  it("refuses a short random source", () => {
    expect(() => newSiteApiKey(() => new Uint8Array(19))).toThrow(RangeError);
  });
});

describe("hashSiteApiKey", () => {
  it("is SHA-256 hex of the UTF-8 key", () => {
    expect(hashSiteApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hashSiteApiKey("é")).toBe(createHash("sha256").update(Buffer.from([0xc3, 0xa9])).digest("hex"));
  });
});

describe("parseBearer", () => {
  it.each([
    ["Bearer svc_sk_abc", "svc_sk_abc"],
    ["bearer svc_sk_abc", "svc_sk_abc"],
    ["BEARER svc_sk_abc", "svc_sk_abc"],
    ["  Bearer   svc_sk_abc  ", "svc_sk_abc"],
    ["Bearer\tsvc_sk_abc", "svc_sk_abc"],
    ["Bearer a.b-c~d+e/f==", "a.b-c~d+e/f=="],
  ])("%j → %j", (header, token) => {
    expect(parseBearer(header)).toBe(token);
  });

  it.each([
    null,
    "",
    "Bearer",
    "Bearer ",
    "Bearer a b",
    "Bearer a,b",
    "Basic dXNlcjpwYXNz",
    "Bearersvc_sk_abc",
    "Token svc_sk_abc",
    "svc_sk_abc",
    "Bearer svc_sk_é",
    "Bearer a=b",
    "Bearer \u0000",
    `Bearer ${"a".repeat(513)}`,
  ])("%j → null", (header) => {
    expect(parseBearer(header)).toBeNull();
  });

  it("round-trips any issued key", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const { key } = newSiteApiKey(() => bytes);
        return parseBearer(`Bearer ${key}`) === key;
      }),
    );
  });
});
