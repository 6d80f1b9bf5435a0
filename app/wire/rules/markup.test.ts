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

  // Growth, not a duration: ten times the input must take about ten times as long, never a hundred (a quadratic
  // reading), whatever the machine's load. Each figure is the best of several interleaved runs, so a run that
  // was preempted does not count. Before closingTags, unclosed <textarea>s took ~80 times as long for ten times the input.
  it.each(['<a title="', "<textarea>", "<!--", "<a<a<a<a ", '<title></title x="'])("stays linear on hostile input: %j repeated", (unit) => {
    const hostile = (length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
    const small = hostile(10_000);
    const large = hostile(100_000);
    const time = (html: string) => {
      const started = performance.now();
      markupProblems(html);
      return performance.now() - started;
    };
    time(large);
    let bestSmall = Infinity;
    let bestLarge = Infinity;
    for (let i = 0; i < 7; i++) {
      bestSmall = Math.min(bestSmall, time(small));
      bestLarge = Math.min(bestLarge, time(large));
    }
    expect(bestLarge / Math.max(bestSmall, 0.01)).toBeLessThan(30);
  });
});
