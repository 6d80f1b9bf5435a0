// What a variant's markup and URLs may hold (no script, no embedded document): one rule for the visual
// editor's sanitiser (snippet/editor/sanitize.ts, which drops what it refuses, on the browser's own parse)
// and for the server (app/domain/experiments/patch-shape.ts, which refuses the patch with 422 before it is
// stored, on the editor's endpoint and the admin form alike). Both suites run markup.cases.json.
//
// The server has no browser: `markupProblems` reads the markup with the tokenizer rules of the HTML
// standard (§13.2.5) for everything that decides where a tag starts and what its attributes are (tags,
// attribute quoting, comments, bogus comments, character references in attribute values). Where the
// browser's reading depends on the tree (RCDATA in textarea and title, but not in SVG), it reads both
// ways; what it cannot follow (CDATA sections) it refuses.

/**
 * Elements dropped with their content: scripts, anything that embeds another document or plugin,
 * style sheets and what changes how the page itself loads (base, meta, link), SVG's animation elements,
 * which can set an href to a script URL, and the obsolete raw-text elements (xmp, noembed, noframes,
 * plaintext), whose content a browser reads as text but a serialiser writes back as markup.
 */
export const DROPPED_ELEMENTS: ReadonlySet<string> = new Set([
  "script", "iframe", "frame", "frameset", "object", "embed", "applet", "portal", "style", "link", "meta", "base",
  "noscript", "template", "foreignobject", "set", "animate", "animatemotion", "animatetransform", "discard",
  "xmp", "noembed", "noframes", "plaintext",
]);

/** Attributes dropped whatever their value (a document in an attribute); event handlers go by their `on` prefix. */
const DROPPED_ATTRIBUTES: ReadonlySet<string> = new Set(["srcdoc"]);

/** Images inline as data: URLs are allowed; any other data: URL, and javascript: and vbscript:, are not. */
export function unsafeUrl(value: string): boolean {
  // What a URL parser ignores: blanks and controls around and tabs and line breaks inside (C1 too, to be safe).
  const v = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  if (v.startsWith("javascript:") || v.startsWith("vbscript:")) return true;
  return v.startsWith("data:") && !/^data:image\/(?:png|jpe?g|gif|webp|avif)[;,]/.test(v);
}

/**
 * Why an attribute may not be written (its name as the page will have it, its value decoded), or null:
 * an event handler (`on…`), `srcdoc`, or a script or non-image data: URL in any attribute.
 */
export function unsafeAttribute(name: string, value: string | null): string | null {
  const n = name.toLowerCase();
  if (n.startsWith("on")) return n;
  if (DROPPED_ATTRIBUTES.has(n)) return n;
  if (value !== null && unsafeUrl(value)) return `${n} (script or data: URL)`;
  return null;
}

/** Textarea and title hold text in HTML (RCDATA) but elements in SVG: the check reads both ways. */
const RCDATA = new Set(["textarea", "title"]);
/** The markup forks at most this often (one per textarea or title), so a check costs at most ~this × its length. */
const MAX_FORKS = 50;

const ALPHA = /[A-Za-z]/;
const BLANK = /[\t\n\f\r ]/;

/**
 * Where the first `</name` followed by a blank, / or > starts at or after a position. Each answer is kept: a
 * later question from a position up to that closer has the same answer, and none after a search that found
 * nothing, so a run of unclosed textareas costs one pass over the markup, not one pass each.
 */
function closingTags(html: string): { next(name: string, from: number): number } {
  const known = new Map<string, { from: number; at: number }>();
  return {
    next(name, from) {
      const last = known.get(name);
      if (last && last.from <= from && (last.at < 0 || from <= last.at)) return last.at;
      const pattern = new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi");
      pattern.lastIndex = from;
      const at = pattern.exec(html)?.index ?? -1;
      known.set(name, { from, at });
      return at;
    },
  };
}

/**
 * What the markup holds that the editor's sanitiser would drop, as the panel names it (`<script>`,
 * `onerror`, `href (script or data: URL)`), or [] when it is safe to put in a page. Conservative: markup
 * the check cannot follow is refused too.
 */
export function markupProblems(html: string): string[] {
  const problems = new Set<string>();
  const starts = [0];
  const seen = new Set<number>();
  const closers = closingTags(html);
  let forks = 0;
  while (starts.length > 0 && problems.size === 0) {
    let at = starts.pop() as number;
    for (;;) {
      const lt = html.indexOf("<", at);
      if (lt < 0 || seen.has(lt)) break;
      seen.add(lt);
      const next = html[lt + 1] ?? "";
      if (ALPHA.test(next) || (next === "/" && ALPHA.test(html[lt + 2] ?? ""))) {
        const tag = readTag(html, lt + (next === "/" ? 2 : 1));
        if (next !== "/") {
          if (DROPPED_ELEMENTS.has(tag.name)) problems.add(`<${tag.name}>`);
          for (const [name, value] of tag.attributes) {
            const why = unsafeAttribute(name, value === null ? null : decodeAttribute(value));
            if (why) problems.add(why);
          }
          if (RCDATA.has(tag.name)) {
            // Read as HTML, the text runs to the first `</name` followed by a blank, / or >.
            const end = closers.next(tag.name, tag.end);
            if (end >= 0) {
              if (++forks > MAX_FORKS) problems.add(`more than ${MAX_FORKS} <textarea> or <title> elements`);
              starts.push(end);
            }
          }
        }
        at = tag.end;
      } else if (html.startsWith("<!--", lt)) {
        at = commentEnd(html, lt + 4);
      } else if (html.startsWith("<![CDATA[", lt)) {
        problems.add("<![CDATA[");
        break;
      } else if (next === "!" || next === "?" || next === "/") {
        // A doctype or a bogus comment: up to the first >.
        const gt = html.indexOf(">", lt + 2);
        at = gt < 0 ? html.length : gt + 1;
      } else at = lt + 1;
    }
  }
  return [...problems];
}

/** Where a comment whose text starts at `from` (after `<!--`) ends: `<!-->`, `<!--->`, else `-->` or `--!>`. */
function commentEnd(html: string, from: number): number {
  if (html[from] === ">") return from + 1;
  if (html.startsWith("->", from)) return from + 2;
  const a = html.indexOf("-->", from);
  const b = html.indexOf("--!>", from);
  const ends = [a < 0 ? Infinity : a + 3, b < 0 ? Infinity : b + 4];
  const end = Math.min(...ends);
  return end === Infinity ? html.length : end;
}

interface Tag {
  /** Lower-case. */
  name: string;
  /** Names lower-cased, values raw (character references not decoded); null for an attribute without `=`. */
  attributes: Array<[string, string | null]>;
  /** Index just after the tag's `>` (or the end of the input). */
  end: number;
}

/** A start or end tag from its name's first letter, by the tokenizer's tag and attribute states. */
function readTag(html: string, from: number): Tag {
  let i = from;
  let name = "";
  while (i < html.length && !BLANK.test(html[i] as string) && html[i] !== "/" && html[i] !== ">") name += html[i++];
  const attributes: Tag["attributes"] = [];
  for (;;) {
    // Before attribute name (blanks and stray slashes skipped; "/>" is self-closing).
    while (i < html.length && (BLANK.test(html[i] as string) || (html[i] === "/" && html[i + 1] !== ">"))) i++;
    if (i >= html.length) return { name: name.toLowerCase(), attributes, end: html.length };
    if (html[i] === "/" && html[i + 1] === ">") return { name: name.toLowerCase(), attributes, end: i + 2 };
    if (html[i] === ">") return { name: name.toLowerCase(), attributes, end: i + 1 };
    // Attribute name: a leading = belongs to it.
    let attr = html[i++] as string;
    while (i < html.length && !BLANK.test(html[i] as string) && !"/>=".includes(html[i] as string)) attr += html[i++];
    while (i < html.length && BLANK.test(html[i] as string)) i++;
    if (html[i] !== "=") {
      attributes.push([attr.toLowerCase(), null]);
      continue;
    }
    i++;
    while (i < html.length && BLANK.test(html[i] as string)) i++;
    const quote = html[i];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, i + 1);
      const end = close < 0 ? html.length : close;
      attributes.push([attr.toLowerCase(), html.slice(i + 1, end)]);
      i = end + 1;
      continue;
    }
    if (quote === ">") {
      attributes.push([attr.toLowerCase(), ""]);
      continue;
    }
    let value = "";
    while (i < html.length && !BLANK.test(html[i] as string) && html[i] !== ">") value += html[i++];
    attributes.push([attr.toLowerCase(), value]);
  }
}

/**
 * The named character references whose text holds ASCII (the HTML standard's table has 2,125 names;
 * every other one is non-ASCII text, which can never make a URL's scheme, so it reads as U+FFFD here).
 */
const ASCII_REFERENCES: Readonly<Record<string, string>> = {
  AMP: "&", DiacriticalGrave: "`", GT: ">", Hat: "^", LT: "<", NewLine: "\n", QUOT: '"', Tab: "\t", UnderBar: "_",
  VerticalLine: "|", amp: "&", apos: "'", ast: "*", bne: "=\u20e5", bsol: "\\", colon: ":", comma: ",", commat: "@",
  dollar: "$", equals: "=", excl: "!", fjlig: "fj", grave: "`", gt: ">", lbrace: "{", lbrack: "[", lcub: "{",
  lowbar: "_", lpar: "(", lsqb: "[", lt: "<", midast: "*", num: "#", nvgt: ">\u20d2", nvlt: "<\u20d2", percnt: "%",
  period: ".", plus: "+", quest: "?", quot: '"', rbrace: "}", rbrack: "]", rcub: "}", rpar: ")", rsqb: "]",
  semi: ";", sol: "/", verbar: "|", vert: "|",
};

/** An attribute's value as the page will have it: character references decoded as in an attribute. */
export function decodeAttribute(raw: string): string {
  return raw.replace(
    /&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*);|(amp|AMP|lt|LT|gt|GT|quot|QUOT)(?![=A-Za-z0-9]))/g,
    (whole, hex: string | undefined, dec: string | undefined, named: string | undefined, legacy: string | undefined) => {
      if (hex !== undefined || dec !== undefined) {
        // Leading zeros count for nothing; anything past U+10FFFF (or 0, or a surrogate) is U+FFFD.
        const digits = (hex ?? dec ?? "").replace(/^0+/, "") || "0";
        if (digits.length > 7) return "\ufffd";
        const code = parseInt(digits, hex !== undefined ? 16 : 10);
        if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
        return String.fromCodePoint(code);
      }
      if (named !== undefined) return ASCII_REFERENCES[named] ?? "\ufffd";
      return ASCII_REFERENCES[legacy!] ?? whole;
    },
  );
}
