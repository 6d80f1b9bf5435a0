import { describe, expect, it } from "vitest";
import { MAX_SERVER_GOALS, parseCountries, parseDomain, parseOrigins, parseServerGoals, parseSiteForm } from "./site-form";

describe("parseDomain", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["  WWW.Example.COM  ", "https://www.example.com"],
    ["https://shop.example.co.uk/", "https://shop.example.co.uk"],
    ["https://example.com:8443", "https://example.com:8443"],
    ["https://example.com:443", "https://example.com"],
    ["http://localhost:3000", "http://localhost:3000"],
  ])("normalises %j to %j", (raw, origin) => {
    expect(parseDomain(raw)).toEqual({ ok: true, value: origin });
  });

  it.each(["", "http://example.com", "https://example.com/shop", "example.com?x=1", "ftp://example.com", "https://user:pw@example.com", "localhost.", "exa mple.com", "intranet"])(
    "refuses %j",
    (raw) => {
      expect(parseDomain(raw).ok).toBe(false);
    },
  );
});

describe("parseOrigins", () => {
  it("reads a list split by new lines, commas or spaces, normalised and without duplicates", () => {
    expect(parseOrigins("https://a.example.com\nhttps://A.example.com/, https://b.example.com:8443  http://localhost:5173")).toEqual({
      ok: true,
      value: ["https://a.example.com", "https://b.example.com:8443", "http://localhost:5173"],
    });
  });
  it("treats an empty list as no restriction", () => {
    expect(parseOrigins("  \n ")).toEqual({ ok: true, value: [] });
  });
  it("names the entry that is not an origin", () => {
    const result = parseOrigins("https://a.example.com https://b.example.com/path");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain("https://b.example.com/path");
  });
  it("refuses origins without a scheme rather than guessing one", () => {
    expect(parseOrigins("a.example.com").ok).toBe(false);
  });
  it("caps the list", () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`).join("\n");
    expect(parseOrigins(many).ok).toBe(false);
  });
});

describe("parseCountries", () => {
  it("upper-cases and deduplicates ISO codes", () => {
    expect(parseCountries("de, FR gb,de")).toEqual({ ok: true, value: ["DE", "FR", "GB"] });
  });
  it.each(["UK", "EU", "XX", "DEU", "D", "EL"])("refuses %j, which is not an ISO 3166-1 alpha-2 code", (code) => {
    const result = parseCountries(`DE ${code}`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(code);
  });
  it("treats an empty list as the service's default", () => {
    expect(parseCountries("")).toEqual({ ok: true, value: [] });
  });
});

describe("parseSiteForm", () => {
  it("answers the normalised fields", () => {
    expect(
      parseSiteForm({ name: "  Blog ", domain: "blog.example.com", allowedOrigins: "", consentCountries: "ch", consentManagedByMerchant: "on" }),
    ).toEqual({
      ok: true,
      value: { name: "Blog", domain: "https://blog.example.com", allowedOrigins: [], consentCountries: ["CH"], consentManagedByMerchant: true, serverGoals: [] },
    });
  });
  it("reads an unchecked box as false", () => {
    const result = parseSiteForm({ name: "Blog", domain: "blog.example.com" });
    expect(result.ok && result.value.consentManagedByMerchant).toBe(false);
  });
  it("answers one error per wrong field, keyed by field", () => {
    const result = parseSiteForm({ name: " ", domain: "http://example.com", allowedOrigins: "nope", consentCountries: "ZZ", serverGoals: "a\tb" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["allowedOrigins", "consentCountries", "domain", "name", "serverGoals"]);
  });
  it("refuses a name that is too long", () => {
    const result = parseSiteForm({ name: "x".repeat(101), domain: "example.com" });
    expect(result).toEqual({ ok: false, errors: { name: expect.stringContaining("100") } });
  });
});

describe("parseServerGoals", () => {
  it("reads labels one per line or comma-separated, trimmed, spaces inside kept, without duplicates", () => {
    expect(parseServerGoals(" order , paid plan\norder\n\n")).toEqual({ ok: true, value: ["order", "paid plan"] });
    expect(parseServerGoals("")).toEqual({ ok: true, value: [] });
  });
  it("refuses a label the doors would refuse, and more than the cap", () => {
    expect(parseServerGoals("x".repeat(65)).ok).toBe(false);
    expect(parseServerGoals("a\tb").ok).toBe(false);
    expect(parseServerGoals(Array.from({ length: MAX_SERVER_GOALS + 1 }, (_, i) => `g${i}`).join(",")).ok).toBe(false);
  });
});
