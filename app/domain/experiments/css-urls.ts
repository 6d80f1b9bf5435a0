// What a variant's CSS (a `css` change's style sheet, a `style` change's values) may load: nothing from
// another origin. A style sheet that loads from elsewhere can send the page's content out (an attribute
// selector per guess, each with its own background URL) and pull in rules nobody reviewed (@import), so
// @import is refused entirely and a URL may only be a path on the site itself or an image inline as a
// data: URL (the images app/wire/rules/markup.ts allows). Absolute URLs are refused even to the site's own
// origin, which a patch does not know: a path says the same (on Shopify, /cdn/shop/files/… for uploads).
//
// Read as CSS's tokenizer reads it (CSS Syntax 3, §4): comments dropped, escapes decoded, so `@\69mport`
// and `u\72l(` are what a browser sees; strings are URLs inside url() and the image functions.
import { unsafeUrl } from "~/wire/rules/markup";

/** Functions whose string arguments a browser loads as URLs (url("…") included). */
const URL_FUNCTIONS: ReadonlySet<string> = new Set(["url", "src", "image", "image-set", "-webkit-image-set", "cross-fade", "-webkit-cross-fade"]);

/** `value`: the name of an at-keyword or function, the text of a URL or string; "" for a parenthesis. */
type Token = { kind: "at-keyword" | "function" | "url" | "string" | "open" | "close"; value: string };

const NAME_CHAR = /[a-zA-Z0-9_\-\u0080-\uffff]/;
const BLANK = /[ \t\n\r\f]/;

/** The tokens that matter here, in order; everything else is skipped. Linear in the sheet's length. */
function tokens(css: string): Token[] {
  const out: Token[] = [];
  const n = css.length;
  let i = 0;
  /** A valid escape at css[i] (a backslash not before a line break): the character it stands for. */
  const escape = (): string => {
    const hex = /^[0-9a-fA-F]{1,6}/.exec(css.slice(i + 1, i + 7));
    if (hex) {
      i += 1 + hex[0].length;
      if (BLANK.test(css[i] ?? "")) i++;
      const cp = parseInt(hex[0], 16);
      return cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? "\ufffd" : String.fromCodePoint(cp);
    }
    i += 2;
    return css[i - 1] ?? "\ufffd";
  };
  const validEscape = () => css[i] === "\\" && i + 1 < n && css[i + 1] !== "\n";
  const readName = (): string => {
    let name = "";
    for (;;) {
      if (validEscape()) name += escape();
      else if (i < n && NAME_CHAR.test(css[i] as string)) name += css[i++];
      else return name;
    }
  };
  while (i < n) {
    const c = css[i] as string;
    if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      i++;
      let value = "";
      while (i < n && css[i] !== c && css[i] !== "\n") {
        if (css[i] === "\\") {
          if (css[i + 1] === "\n") i += 2;
          else value += escape();
        } else value += css[i++];
      }
      i++;
      out.push({ kind: "string", value });
    } else if (c === "@") {
      i++;
      out.push({ kind: "at-keyword", value: readName().toLowerCase() });
    } else if (NAME_CHAR.test(c) || validEscape()) {
      const name = readName().toLowerCase();
      if (css[i] !== "(") continue;
      i++;
      let at = i;
      while (at < n && BLANK.test(css[at] as string)) at++;
      if (name === "url" && css[at] !== '"' && css[at] !== "'") {
        // An unquoted URL: up to the closing parenthesis, escapes decoded.
        i = at;
        let value = "";
        while (i < n && css[i] !== ")") value += validEscape() ? escape() : css[i++];
        i++;
        out.push({ kind: "url", value: value.trim() });
      } else out.push({ kind: "function", value: name });
    } else {
      if (c === "(") out.push({ kind: "open", value: "" });
      else if (c === ")") out.push({ kind: "close", value: "" });
      i++;
    }
  }
  return out;
}

/** Whether a browser would load `url` from another origin than the page's (or run it): see the module. */
export function foreignCssUrl(url: string): boolean {
  // What a URL parser ignores: C0 controls and spaces around it, tabs and line breaks inside.
  const v = url.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  // A backslash is a slash in http(s) URLs: `/\evil.test` is protocol-relative too.
  if (v.replace(/\\/g, "/").startsWith("//")) return true;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return !/^data:/i.test(v) || unsafeUrl(v);
  return false;
}

const shown = (url: string) => (url.length > 60 ? `${url.slice(0, 60)}…` : url);

/** What the CSS would load from elsewhere, as the form names it (`@import`, `url(https://…)`), or []. */
export function cssUrlProblems(css: string): string[] {
  const problems = new Set<string>();
  /** The functions the current position is inside, innermost last ("" for a bare parenthesis). */
  const inside: string[] = [];
  /** How many of them load their strings. */
  let loading = 0;
  for (const token of tokens(css)) {
    if (token.kind === "at-keyword") {
      if (token.value === "import") problems.add("@import");
    } else if (token.kind === "url") {
      if (foreignCssUrl(token.value)) problems.add(`url(${shown(token.value)})`);
    } else if (token.kind === "function" || token.kind === "open") {
      inside.push(token.value);
      if (URL_FUNCTIONS.has(token.value)) loading++;
    } else if (token.kind === "close") {
      if (URL_FUNCTIONS.has(inside.pop() ?? "")) loading--;
    } else if (loading > 0 && foreignCssUrl(token.value)) problems.add(`url(${shown(token.value)})`);
    if (problems.size >= 10) break;
  }
  return [...problems];
}

/** The form's sentence for what cssUrlProblems found. */
export function cssUrlMessage(problems: string[]): string {
  return (
    `Load nothing from another site: remove ${problems.join(", ")}. ` +
    "Use paths on your own site (such as /images/banner.png) or image data: URLs, and write the rules here instead of @import"
  );
}
