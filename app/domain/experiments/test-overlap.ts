// Whether a test about to start changes what a running test changes, on pages both run on: such tests would
// share visitors who see one change and are recorded as seeing the other (docs/traffic.md, "Overlap").
// Judged from the definitions alone, without the page: two selectors that name one element for sure, and two
// that may name one element (`h1` and `#headline`) which only the page could tell apart, both ask the merchant;
// the rule is documented with what it cannot see.
import { TEMPLATE_PREFIX } from "~/wire";
import { validPatches } from "./patch-shape";

export interface OverlapTest {
  id: string;
  name: string;
  pages: readonly string[];
  /** Null: in no group. Tests of one group never share a visitor, so they never conflict. */
  groupId: string | null;
  /** The group's name, for the advice (absent: not known). */
  groupName?: string | null;
  arms: ReadonlyArray<{ patches: unknown; redirectUrl: string | null }>;
}

export interface OverlapConflict {
  testId: string;
  testName: string;
  /** The running test's group (null: none): joining it is the one way a draft can share no visitor with it. */
  groupId: string | null;
  groupName: string | null;
  /** The page patterns of both tests that may match one page: "<ours> ∩ <theirs>" (or the pattern, when equal). */
  pages: string[];
  /** The elements both change for sure, as "<ours> ∩ <theirs>" (or the selector, when equal); "the whole page" for a redirect or style sheet. */
  selectors: string[];
  /** Selector pairs that may name one element ("h1 ∩ #headline"): only the page can tell. */
  possible: string[];
}

export const WHOLE_PAGE = "the whole page";

const trimSlashes = (p: string) => {
  let n = p.length;
  while (n > 1 && p[n - 1] === "/") n--;
  return p.slice(0, n);
};

/**
 * The paths Shopify renders each template type on (the leading `*` allows a market's language prefix such
 * as /fr): a template pattern overlaps a path pattern that can match one of them.
 */
const TEMPLATE_PATHS: Record<string, readonly string[]> = {
  index: ["/"],
  product: ["*/products/*"],
  collection: ["*/collections/*"],
  "list-collections": ["*/collections"],
  page: ["*/pages/*"],
  blog: ["*/blogs/*"],
  article: ["*/blogs/*/*"],
  cart: ["*/cart"],
  search: ["*/search"],
};

/**
 * Whether two page patterns can match one page. Two path patterns (`*` = any run of characters, as
 * app/wire/rules/targeting.ts matches them) are compared exactly: some path matches both iff the two globs
 * intersect, decided over (position in a, position in b). Two template patterns match one page only when
 * they are equal; a template and a path pattern overlap when the path pattern can match a path Shopify
 * renders that template on (TEMPLATE_PATHS; any path, for a template type not listed there).
 */
export function patternsOverlap(a: string, b: string): boolean {
  const ta = a.startsWith(TEMPLATE_PREFIX);
  const tb = b.startsWith(TEMPLATE_PREFIX);
  if (ta && tb) return a === b;
  if (ta || tb) {
    const [template, path] = ta ? [a, b] : [b, a];
    const paths = TEMPLATE_PATHS[template.slice(TEMPLATE_PREFIX.length)];
    return !paths || paths.some((p) => globsIntersect(p, trimSlashes(path)));
  }
  return globsIntersect(trimSlashes(a), trimSlashes(b));
}

function globsIntersect(a: string, b: string): boolean {
  // reach[i][j]: some string takes a's first i characters and b's first j to the same point.
  const reach = Array.from({ length: a.length + 1 }, () => new Array<boolean>(b.length + 1).fill(false));
  reach[0]![0] = true;
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      if (!reach[i]![j]) continue;
      const ca = a[i];
      const cb = b[j];
      // A star may match nothing.
      if (ca === "*") reach[i + 1]![j] = true;
      if (cb === "*") reach[i]![j + 1] = true;
      if (ca !== undefined && cb !== undefined) {
        if (ca === "*" && cb === "*") reach[i + 1]![j + 1] = true;
        // A star takes the other side's next character and stays.
        else if (ca === "*") reach[i]![j + 1] = true;
        else if (cb === "*") reach[i + 1]![j] = true;
        else if (ca === cb) reach[i + 1]![j + 1] = true;
      }
    }
  }
  return reach[a.length]![b.length]!;
}

/** A selector with its whitespace made canonical: one space between compounds, none around > + ~ ,. */
export function normalizeSelector(selector: string): string {
  return selector.trim().replace(/\s*([>+~,])\s*/g, "$1").replace(/\s+/g, " ");
}

/** The selector list's selectors, split at top-level commas. */
function listParts(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(selector.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(selector.slice(from));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The ids (#name) of the selector's subject, its last compound. */
function subjectIds(selector: string): string[] {
  const subject = selector.split(/[ >+~](?![^[(]*[\])])/).pop() ?? "";
  return [...subject.matchAll(/#([A-Za-z0-9_-]+)/g)].map((m) => m[1]!);
}

/**
 * Whether two selectors may name one element, as far as the text tells: the same selector (up to
 * whitespace), the same #id on the element itself (`#headline`, `h1#headline`), or one inside the other
 * (`#hero` and `#hero h1`: replacing #hero's content replaces the h1). Different selectors for one element
 * (`h1` and `#headline`) are not seen; the selector check on the storefront is the tool for those.
 */
export function selectorsOverlap(a: string, b: string): boolean {
  for (const x of listParts(normalizeSelector(a))) {
    for (const y of listParts(normalizeSelector(b))) {
      if (x === y) return true;
      const ids = subjectIds(x);
      if (subjectIds(y).some((id) => ids.includes(id))) return true;
      const [outer, inner] = x.length < y.length ? [x, y] : [y, x];
      if (inner.startsWith(outer) && /^[ >]/.test(inner.slice(outer.length))) return true;
    }
  }
  return false;
}

/** A compound selector's type and ids, with what sits inside brackets and parentheses (`:not(#x)`, `[id=x]`) left out. */
function compoundFacts(compound: string): { tag: string | null; ids: string[] } {
  let bare = compound;
  for (let before = ""; before !== bare; ) {
    before = bare;
    bare = bare.replace(/\([^()]*\)|\[[^[\]]*\]/g, "");
  }
  const tag = /^([A-Za-z][A-Za-z0-9-]*)/.exec(bare)?.[1]?.toLowerCase() ?? null;
  return { tag, ids: [...bare.matchAll(/#([A-Za-z0-9_-]+)/g)].map((m) => m[1]!) };
}

/**
 * Whether two selectors' subjects could be one element, as far as the text tells: not when they require
 * different element types (`h1`, `p`) or different ids (an element has one id); otherwise the page could
 * make them one (`h1` and `#headline`, `.promo` and `#banner`), and no rule without the page can say no.
 */
export function subjectsMayMeet(a: string, b: string): boolean {
  for (const x of listParts(normalizeSelector(a))) {
    for (const y of listParts(normalizeSelector(b))) {
      const fx = compoundFacts(x.split(/[ >+~](?![^[(]*[\])])/).pop() ?? "");
      const fy = compoundFacts(y.split(/[ >+~](?![^[(]*[\])])/).pop() ?? "");
      if (fx.tag !== null && fy.tag !== null && fx.tag !== fy.tag) continue;
      if (fx.ids.length > 0 && fy.ids.length > 0 && !fx.ids.some((id) => fy.ids.includes(id))) continue;
      return true;
    }
  }
  return false;
}

/** What a test changes: the selectors its arms patch, or the whole page (a redirect, a style sheet). */
export function touchedBy(test: Pick<OverlapTest, "arms">): string[] {
  const touched = new Set<string>();
  for (const arm of test.arms) {
    if (arm.redirectUrl) touched.add(WHOLE_PAGE);
    for (const patch of validPatches(arm.patches) ?? []) touched.add("sel" in patch ? patch.sel : WHOLE_PAGE);
  }
  return [...touched];
}

const pair = (ours: string, theirs: string) => (ours === theirs ? ours : `${ours} ∩ ${theirs}`);

/**
 * The running tests `test` conflicts with: pages both may run on, and something both change there for sure
 * (`selectors`) or maybe (`possible`: selectors that the page could make one element). A test of the same
 * group never conflicts (they share no visitor), nor does the test itself.
 */
export function overlapConflicts(test: OverlapTest, running: readonly OverlapTest[]): OverlapConflict[] {
  const ours = touchedBy(test);
  if (ours.length === 0) return [];
  const conflicts: OverlapConflict[] = [];
  for (const other of running) {
    if (other.id === test.id || (test.groupId !== null && test.groupId === other.groupId)) continue;
    const pages = test.pages.flatMap((a) => other.pages.filter((b) => patternsOverlap(a, b)).map((b) => pair(a, b)));
    if (pages.length === 0) continue;
    const theirs = touchedBy(other);
    const selectors = new Set<string>();
    const possible = new Set<string>();
    for (const a of ours) {
      for (const b of theirs) {
        if (a === WHOLE_PAGE || b === WHOLE_PAGE) selectors.add(WHOLE_PAGE);
        else if (selectorsOverlap(a, b)) selectors.add(pair(a, b));
        else if (subjectsMayMeet(a, b)) possible.add(pair(a, b));
      }
    }
    if (selectors.size === 0 && possible.size === 0) continue;
    conflicts.push({ testId: other.id, testName: other.name, groupId: other.groupId, groupName: other.groupName ?? null, pages: [...new Set(pages)], selectors: [...selectors], possible: [...possible] });
  }
  return conflicts;
}

/** One line per conflict, naming the test, the pages and the elements: the refusal's detail and issues. */
export function describeConflict(conflict: OverlapConflict): string {
  const sure = conflict.selectors.length > 0 ? ` and changes ${conflict.selectors.join(", ")}` : "";
  const maybe =
    conflict.possible.length > 0
      ? `${sure ? ";" : " and"} may change the same element under another selector (${conflict.possible.join(", ")}): svc cannot tell them apart without the page`
      : "";
  return `“${conflict.testName}” runs on ${conflict.pages.join(", ")}${sure}${maybe}`;
}

/**
 * What the merchant can do about the conflicts, and only that: pause or complete the running test first, or
 * confirm the tests are independent; joining the running test's group only for a draft (a started test's group
 * is locked, test-edit-policy.ts) and only when the running test has one (its group is locked too).
 */
export function overlapAdvice(conflicts: readonly OverlapConflict[], intent: "start" | "resume"): string {
  const names = conflicts.map((c) => `“${c.testName}”`);
  const them = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]!}`;
  const grouped = intent === "start" ? conflicts.filter((c) => c.groupId !== null) : [];
  const group =
    grouped.length > 0 && grouped.length === conflicts.length && new Set(grouped.map((c) => c.groupId)).size === 1
      ? ` Or put this test in the group ${them} ${conflicts.length === 1 ? "is" : "are"} in (${grouped[0]!.groupName ? `“${grouped[0]!.groupName}”; ` : ""}Edit, then Group), so that no visitor is in both.`
      : "";
  return `Pause or complete ${them} first, or confirm that the tests are independent and ${intent} this one anyway.${group}`;
}
