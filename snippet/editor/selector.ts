// Chooses the CSS selector for an element the merchant clicked, and widens or narrows it: a unique id
// first, then data-* attributes, then stable classes, then a short ancestor chain; positions
// (:nth-of-type) only when nothing else tells the element apart.
import { ANCHOR_DATA, stableClass, stableData, stableId } from "./stable-names";

/** Ancestors climbed to find one that tells the element apart, before positions are used. */
const MAX_ANCESTORS = 4;
/** Classes of one element tried in selectors, the rarest on the page first. */
const MAX_CLASSES = 3;

/** CSS.escape's algorithm (CSSOM), so that selectors are built the same in any DOM. */
export function cssIdent(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const ch = value.charAt(i);
    if (c === 0) out += "\uFFFD";
    else if ((c >= 1 && c <= 31) || c === 127 || (c >= 48 && c <= 57 && (i === 0 || (i === 1 && value.charCodeAt(0) === 45))))
      out += "\\" + c.toString(16) + " ";
    else if (i === 0 && c === 45 && value.length === 1) out += "\\-";
    else if (c >= 128 || c === 45 || c === 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) out += ch;
    else out += "\\" + ch;
  }
  return out;
}

const cssString = (value: string) => `"${value.replace(/["\\]/g, "\\$&").replace(/[\n\r\f]/g, " ")}"`;

/** html, head and body: never a patch's target (guarantee 2), so never a selection either. */
export function isDocumentRoot(el: Element): boolean {
  const d = el.ownerDocument;
  return el === d.documentElement || el === d.head || el === d.body;
}

/** Elements the selector matches in the element's document; 0 for a selector that does not parse. */
export function countMatches(doc: Document, sel: string): number {
  try {
    return doc.querySelectorAll(sel).length;
  } catch {
    return 0;
  }
}

function matchesOnly(el: Element, sel: string): boolean {
  try {
    const found = el.ownerDocument.querySelectorAll(sel);
    return found.length === 1 && found[0] === el;
  } catch {
    return false;
  }
}

const tagOf = (el: Element) => el.localName.toLowerCase();

/** The element's stable classes, the rarest in its document first. */
function rareClasses(el: Element): string[] {
  const doc = el.ownerDocument;
  const names = [...new Set(Array.from(el.classList))].filter(stableClass);
  const count = new Map(names.map((n) => [n, doc.getElementsByClassName(n).length]));
  return names.sort((a, b) => count.get(a)! - count.get(b)!).slice(0, MAX_CLASSES);
}

/** Selectors for the element alone, most stable first; `withTag` adds the bare tag at the end. */
function ownSelectors(el: Element, withTag: boolean): string[] {
  const tag = tagOf(el);
  const out: string[] = [];
  if (el.id && stableId(el.id)) out.push("#" + cssIdent(el.id));
  const data = Array.from(el.attributes)
    .filter((a) => stableData(a.name, a.value))
    .sort((a, b) => rank(a.name) - rank(b.name));
  for (const a of data) {
    const part = `[${a.name}=${cssString(a.value)}]`;
    out.push(part, tag + part);
  }
  const classes = rareClasses(el).map((c) => "." + cssIdent(c));
  for (const c of classes) out.push(c, tag + c);
  if (classes.length > 1) out.push(classes[0]! + classes[1]!, tag + classes[0]! + classes[1]!);
  if (withTag) out.push(tag);
  return out;
}

const rank = (name: string) => {
  const i = ANCHOR_DATA.indexOf(name);
  return i < 0 ? ANCHOR_DATA.length : i;
};

/** `tag` or `tag:nth-of-type(n)`: the element's place among its siblings of the same tag. */
function positional(el: Element): string {
  const tag = tagOf(el);
  const parent = el.parentElement;
  if (!parent) return tag;
  const same = Array.from(parent.children).filter((c) => tagOf(c) === tag);
  return same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(el) + 1})` : tag;
}

/** A selector that matches the element and, where the page allows it, nothing else. */
export function chooseSelector(el: Element): string {
  const own = ownSelectors(el, true);
  for (const sel of own) if (matchesOnly(el, sel)) return sel;
  // A distinctive ancestor within a few levels: "[data-section-id=…] h2", "#cart .price".
  let ancestor = el.parentElement;
  for (let depth = 1; ancestor && !isDocumentRoot(ancestor) && depth <= MAX_ANCESTORS; depth++) {
    for (const anchor of ownSelectors(ancestor, false)) {
      for (const sel of own) if (matchesOnly(el, `${anchor} ${sel}`)) return `${anchor} ${sel}`;
    }
    ancestor = ancestor.parentElement;
  }
  return positionalPath(el);
}

/**
 * Last resort: positions from the nearest ancestor that has a unique selector of its own (or from body),
 * e.g. `#list > li:nth-of-type(3) > a`.
 */
function positionalPath(el: Element): string {
  const parts = [positional(el)];
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (isDocumentRoot(node)) {
      const sel = parts.join(" > ");
      return matchesOnly(el, sel) ? sel : `${tagOf(node)} > ${sel}`;
    }
    const anchor = ownSelectors(node, false).find((s) => matchesOnly(node!, s));
    if (anchor) return [anchor, ...parts].join(" > ");
    parts.unshift(positional(node));
  }
  return parts.join(" > ");
}

/** The element's parent, to widen a selection; null at the top (html, head, body are never selected). */
export function parentOf(el: Element): Element | null {
  const parent = el.parentElement;
  return parent && !isDocumentRoot(parent) ? parent : null;
}

/**
 * A wider selector for "similar elements", or null: the same selector without its last position, else
 * the element's tag with the stable class it shares with the most elements of the page, else its tag
 * among its parent's children.
 */
export function similarSelector(el: Element, sel: string): string | null {
  const doc = el.ownerDocument;
  const before = countMatches(doc, sel);
  const covers = (s: string) => {
    try {
      return el.matches(s) && countMatches(doc, s) > before;
    } catch {
      return false;
    }
  };
  const lastPosition = /:nth-of-type\(\d+\)(?!.*:nth-of-type\()/;
  const dropped = lastPosition.test(sel) ? sel.replace(lastPosition, "") : "";
  // Without its position, unless that leaves a bare tag: "div" is every div of the page, a class says more.
  if (dropped && /[.#[\s>]/.test(dropped) && covers(dropped)) return dropped;
  const tag = tagOf(el);
  const shared = [...new Set(Array.from(el.classList))]
    .filter(stableClass)
    .map((c) => `${tag}.${cssIdent(c)}`)
    .sort((a, b) => countMatches(doc, b) - countMatches(doc, a))
    .find(covers);
  if (shared) return shared;
  if (dropped && covers(dropped)) return dropped;
  const parent = parentOf(el);
  if (parent) {
    const siblings = `${chooseSelector(parent)} > ${tag}`;
    if (covers(siblings)) return siblings;
  }
  return covers(tag) ? tag : null;
}

/** A narrower selector: the element's position among its siblings of the same tag added to the last part. */
export function withPosition(el: Element, sel: string): string | null {
  const parent = el.parentElement;
  if (!parent || /,/.test(sel)) return null;
  const tag = tagOf(el);
  const index = Array.from(parent.children).filter((c) => tagOf(c) === tag).indexOf(el) + 1;
  const narrower = `${sel}:nth-of-type(${index})`;
  try {
    return el.matches(narrower) ? narrower : null;
  } catch {
    return null;
  }
}
