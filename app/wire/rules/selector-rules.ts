// What a patch may aim at (guarantee 2: the document's root elements are never changed): one rule for the
// server's patch shape and the visual editor, which checks it first to say so at once; both suites run
// selector-rules.cases.json.

const ROOT_SELECTOR = /^\s*(html|head|body|:root)\s*$/i;

/**
 * Whether the selector names html, head, body or :root alone (any case, blanks around). Only that is
 * refused up front: any other selector may still match them, and the snippet never applies a patch to
 * them whatever it matches (snippet/src/patches.ts, styles.ts).
 */
export const isRootSelector = (sel: string): boolean => ROOT_SELECTOR.test(sel);

/**
 * Containers a page is built of: all of them at once is the page (body's children wholesale), so a
 * hide or a replace may not aim at the bare tag.
 */
const CONTAINERS = new Set([
  "div", "span", "section", "main", "article", "header", "footer", "nav", "aside", "form", "table", "tbody",
  "thead", "tfoot", "tr", "td", "th", "ul", "ol", "li", "dl", "dd", "dt", "figure", "picture", "center", "font",
]);
/** Pseudo-classes that pick by position: an element's place narrows it to a few. */
const POSITIONS = /^(nth-child|nth-last-child|nth-of-type|nth-last-of-type|first-child|last-child|only-child|first-of-type|last-of-type|only-of-type)$/i;
/** Pseudo-classes that narrow only as much as their argument does. */
const FILTERS = /^(is|where|matches|-webkit-any|-moz-any)$/i;

interface Compound {
  /** The element type, lower-case; null for `*` or none. */
  type: string | null;
  /** An id, class, attribute or position condition (or an :is()/:where() whose every choice has one). */
  narrowed: boolean;
}

/** The selector's comma-separated parts, each as its compounds in order (combinators dropped). */
function complexSelectors(sel: string): Compound[][] {
  const lists: Compound[][] = [];
  let compounds: Compound[] = [];
  let current: Compound | null = null;
  const part = () => (current ??= { type: null, narrowed: false });
  const close = () => {
    if (current) compounds.push(current);
    current = null;
  };
  let i = 0;
  const ident = () => {
    let out = "";
    while (i < sel.length) {
      const ch = sel[i] as string;
      if (ch === "\\") {
        out += sel.slice(i, i + 2);
        i += 2;
      } else if (/[-\w\u00a0-\uffff]/.test(ch)) {
        out += ch;
        i++;
      } else break;
    }
    return out;
  };
  /** From an opening bracket or parenthesis to its match (strings and escapes skipped); the text inside. */
  const group = (open: string, shut: string) => {
    const start = ++i;
    let depth = 1;
    let quote = "";
    for (; i < sel.length; i++) {
      const ch = sel[i];
      if (ch === "\\") i++;
      else if (quote) {
        if (ch === quote) quote = "";
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === open) depth++;
      else if (ch === shut && --depth === 0) break;
    }
    return sel.slice(start, i++);
  };
  while (i < sel.length) {
    const ch = sel[i] as string;
    if (ch === ",") {
      close();
      lists.push(compounds);
      compounds = [];
      i++;
    } else if (/[\s>+~]/.test(ch)) {
      close();
      i++;
    } else if (ch === "*") {
      part();
      i++;
    } else if (ch === "#" || ch === ".") {
      i++;
      ident();
      part().narrowed = true;
    } else if (ch === "[") {
      group("[", "]");
      part().narrowed = true;
    } else if (ch === "|") {
      // A namespace prefix: what follows is the type.
      i++;
    } else if (ch === ":") {
      i++;
      const element = sel[i] === ":";
      if (element) i++;
      const name = ident();
      const arg = sel[i] === "(" ? group("(", ")") : null;
      const c = part();
      if (!element && POSITIONS.test(name)) c.narrowed = true;
      if (!element && FILTERS.test(name) && arg !== null && complexSelectors(arg).every((list) => list.some((x) => x.narrowed))) c.narrowed = true;
    } else if (/[-\w\\\u00a0-\uffff]/.test(ch)) {
      const name = ident();
      if (sel[i] === "|") continue;
      part().type = name.toLowerCase();
    } else i++;
  }
  close();
  lists.push(compounds);
  return lists.filter((list) => list.length > 0);
}

/** What the admin form, the editor's endpoint and the visual editor say when they refuse one. */
export const SWEEPING_SELECTOR_MESSAGE =
  "This selector matches (nearly) every element of the page, so this change would blank the storefront: aim at the element itself, by its id or a class";

/** The changes that empty or hide what they match, to which isSweepingSelector applies. */
export const EMPTYING_OPS: ReadonlySet<string> = new Set(["hide", "text", "html"]);

/**
 * Whether a selector sweeps the page: one of its parts aims at every element (`*`, `body *`, `:not(.x)`, a
 * subject with no type and no id, class, attribute or position), or at a bare container tag with nothing
 * before it that narrows it (`div`, `body > div`, `main`; `#cart div` and `div.note` are fine). A hide or
 * a replace (text, HTML) on such a selector would blank the storefront: the admin form, the editor's
 * endpoint and the visual editor refuse it. Selectors the rule cannot read are left to the parser.
 */
export function isSweepingSelector(sel: string): boolean {
  return complexSelectors(sel).some((compounds) => {
    const subject = compounds[compounds.length - 1] as Compound;
    if (subject.narrowed) return false;
    if (subject.type === null) return true;
    return CONTAINERS.has(subject.type) && !compounds.some((c) => c.narrowed);
  });
}
