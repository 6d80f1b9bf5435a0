import { describe, expect, it } from "vitest";
import cases from "./markup.cases.json";
import { decodeAttribute, markupProblems, unsafeAttribute, unsafeUrl } from "./markup";

describe("unsafeUrl (shared cases)", () => {
  it.each(cases.unsafeUrls)("refuses %j", (url) => expect(unsafeUrl(url)).toBe(true));
  it.each(cases.safeUrls)("allows %j", (url) => expect(unsafeUrl(url)).toBe(false));
});

describe("unsafeAttribute (shared cases)", () => {
  it.each(cases.unsafeAttributes as [string, string][])("refuses %s=%j", (name, value) => expect(unsafeAttribute(name, value)).not.toBeNull());
  it.each(cases.safeAttributes as [string, string | null][])("allows %s=%j", (name, value) => expect(unsafeAttribute(name, value)).toBeNull());
});

describe("markupProblems (shared cases)", () => {
  it.each(cases.refused)("refuses $html for $problem", ({ html, problem }) => expect(markupProblems(html)).toContain(problem));
  it.each(cases.accepted)("accepts %j", (html) => expect(markupProblems(html)).toEqual([]));

  it("reads character references in attributes as a browser does", () => {
    expect(decodeAttribute("&#106;&#x61;&#0000118;a&colon;&Tab;&amp;&ampx&lt.&lt=&unknown;&#x110000;&#0;")).toBe("java:\t&&ampx<.&lt=\ufffd\ufffd\ufffd");
  });
});
