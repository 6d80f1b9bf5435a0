// The elements a test's arms change, as selectors safe to put in a hiding style (app/wire/hide.ts's
// hideCss): what both first-paint hidings collect, the Shopify embed's hide plan (../shopify/hide-plan.ts)
// and other sites' hiding sheet (hide-sheet.ts).
import { selectorError } from "./css-selector";
import { validPatches, validRedirect } from "./patch-shape";

/** Selectors of one test; a test whose arms change more distinct elements than this is left out. */
export const MAX_TEST_SELECTORS = 100;

/** What the selectors are read from: a test's arms as stored. */
export interface ChangingArm {
  patches: unknown;
  redirectUrl: string | null;
}

/** The distinct element selectors of the arms' patches, in arm then patch order; null past MAX_TEST_SELECTORS. */
export function changedSelectors(arms: readonly ChangingArm[]): string[] | null {
  const seen = new Set<string>();
  for (const arm of arms) {
    // A redirect arm sends the visitor away; an arm with a bad patch is not served (patches-response.ts).
    if (validRedirect(arm.redirectUrl)) continue;
    for (const patch of validPatches(arm.patches) ?? []) {
      if (!("sel" in patch)) continue;
      const sel = safeSelector(patch.sel);
      if (sel !== null) seen.add(sel);
    }
  }
  return seen.size > MAX_TEST_SELECTORS ? null : [...seen];
}

/**
 * The selector as it may go into a hiding style element (the embed's, the hiding sheet), or null. It must parse (css-what, as the
 * admin checks it), and must not be able to leave its place in `:is(…):not(html,head,body){…}` (hideCss):
 * no `{`, `}`, `;`, line break or comment, no `<` (which could close the style element), brackets and
 * parentheses balanced outside strings and escapes, and no string or escape left open. So the guard always
 * applies to it.
 */
export function safeSelector(selector: string): string | null {
  const sel = selector.trim();
  if (!sel || /[{}<;\n\r\f]|\/\*|\*\//.test(sel)) return null;
  if (!balanced(sel) || selectorError(sel) !== null) return null;
  return sel;
}

function balanced(sel: string): boolean {
  const open: string[] = [];
  let quote = "";
  let escaped = false;
  for (const ch of sel) {
    if (escaped) escaped = false;
    else if (ch === "\\") escaped = true;
    else if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === "(" || ch === "[") open.push(ch === "(" ? ")" : "]");
    else if ((ch === ")" || ch === "]") && open.pop() !== ch) return false;
  }
  return !escaped && !quote && open.length === 0;
}
