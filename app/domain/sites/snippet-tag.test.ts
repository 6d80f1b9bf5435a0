import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { firstVisitHelperScript, headHelperScript, snippetTag } from "./snippet-tag";

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

describe("headHelperScript", () => {
  it("wraps the code in an inline script and gives the CSP hash of exactly that text", () => {
    const code = '(()=>{document.title="x"})();';
    const helper = headHelperScript(code);
    expect(helper?.script).toBe(`<script>${code}</script>`);
    const hash = createHash("sha256").update(code).digest("base64");
    expect(helper?.csp).toBe(`'sha256-${hash}'`);
    expect(helper?.csp).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
  it("refuses code that would end the script early or change how HTML parses it, and empty code", () => {
    for (const code of ['a="</script>"', 'a="</SCRIPT "', 'a="<!--"', 'a="<script>"', ""]) expect(headHelperScript(code), code).toBeNull();
  });
});

describe("firstVisitHelperScript", () => {
  const code = '(()=>{document.title="x"})();';
  it("puts the site's sheet URL in data-svc-sheet and hashes the code alone: one CSP hash for every site", () => {
    const a = firstVisitHelperScript(code, "https://svc.example.com/app", "abc123");
    expect(a?.script).toBe(`<script data-svc-sheet="https://svc.example.com/api/hide.css?site=abc123">${code}</script>`);
    expect(a?.csp).toBe(headHelperScript(code)?.csp);
    expect(firstVisitHelperScript(code, "http://localhost:3000", "other")?.csp).toBe(a?.csp);
  });
  it("escapes the attribute, and refuses code unsafe inline", () => {
    expect(firstVisitHelperScript(code, "http://localhost:3000", 'a"b<c&d')?.script).toContain('data-svc-sheet="http://localhost:3000/api/hide.css?site=a%22b%3Cc%26d"');
    expect(firstVisitHelperScript('a="</script>"', "http://localhost:3000", "abc")).toBeNull();
    expect(firstVisitHelperScript("", "http://localhost:3000", "abc")).toBeNull();
  });
});
