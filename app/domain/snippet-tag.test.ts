import { describe, expect, it } from "vitest";
import { snippetTag } from "./snippet-tag";

describe("snippetTag", () => {
  it("prints the spec's tag shape", () => {
    expect(snippetTag("https://svc.example.com/app", "abc123")).toBe(
      '<script src="https://svc.example.com/snippet.js" async data-svc-site="abc123"></script>',
    );
  });
  it("escapes attribute values", () => {
    expect(snippetTag("http://localhost:3000", 'a"b<c')).toContain('data-svc-site="a&quot;b&lt;c"');
  });
});

describe("snippetTag with a merchant's consent platform", () => {
  it("prints data-svc-consent=\"granted\" only when the site's platform gates the tag", () => {
    expect(snippetTag("https://svc.example.com", "abc123", { consentGranted: true })).toBe(
      '<script src="https://svc.example.com/snippet.js" async data-svc-site="abc123" data-svc-consent="granted"></script>',
    );
    expect(snippetTag("https://svc.example.com", "abc123", { consentGranted: false })).not.toContain("data-svc-consent");
  });
});
