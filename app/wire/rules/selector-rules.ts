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
