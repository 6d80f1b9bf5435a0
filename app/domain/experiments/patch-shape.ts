// Validates DOM patches and redirects against the wire shape before they are stored or served. Every
// message is a sentence in the admin form's words: the form shows it beside the field, and the editor's
// endpoint answers it (422) with the field's path. The caps are documented in docs/admin-tests.md.
import { z } from "zod";
import type { Patch } from "~/wire";
import { markupProblems, unsafeAttribute } from "~/wire/rules/markup";
import { isRootSelector, isSweepingSelector, SWEEPING_SELECTOR_MESSAGE } from "~/wire/rules/selector-rules";
import { cssUrlMessage, cssUrlProblems } from "./css-urls";

/** Caps on what one patch may hold (characters, JavaScript's length). */
export const PATCH_LIMITS = {
  selector: 500,
  text: 10_000,
  html: 50_000,
  attributeValue: 2_000,
  classNames: 20,
  className: 100,
  cssValue: 2_000,
  styleSheet: 20_000,
  patches: 100,
} as const;

const n = (value: number) => value.toLocaleString("en-US");

const selector = z
  .string({ error: "Enter a CSS selector" })
  .min(1, "Enter a CSS selector")
  .max(PATCH_LIMITS.selector, `Keep the selector under ${n(PATCH_LIMITS.selector)} characters`);
// Patches may never aim at the document's root elements (guarantee 2); the snippet checks again.
const notRoot = selector.refine((sel) => !isRootSelector(sel), "A change cannot apply to html, head, body or :root: choose an element inside the page");
/** A hide or a replace empties what it matches: never every element, nor the page's containers wholesale. */
export { SWEEPING_SELECTOR_MESSAGE };
const narrow = notRoot.refine((sel) => !isSweepingSelector(sel), SWEEPING_SELECTOR_MESSAGE);

/** CSS that loads nothing from another site (css-urls.ts). */
const loadsNothingForeign = (value: string, ctx: z.RefinementCtx) => {
  const problems = cssUrlProblems(value);
  if (problems.length > 0) ctx.addIssue({ code: "custom", message: cssUrlMessage(problems) });
};

const cssValue = z
  .string({ error: "Enter a value" })
  .max(PATCH_LIMITS.cssValue, `Keep each value under ${n(PATCH_LIMITS.cssValue)} characters`)
  .superRefine(loadsNothingForeign);
const styleSheet = z
  .string({ error: "Enter the CSS rules" })
  .max(PATCH_LIMITS.styleSheet, `Keep the style sheet under ${n(PATCH_LIMITS.styleSheet)} characters`)
  .superRefine(loadsNothingForeign);
const className = z.string({ error: "Enter class names" }).regex(/^[^\s]{1,100}$/, `Class names are 1 to ${PATCH_LIMITS.className} characters without spaces`);
const classList = z.array(className, { error: "Enter class names" }).max(PATCH_LIMITS.classNames, `Use at most ${PATCH_LIMITS.classNames} classes`).optional();
const UNKNOWN_FIELD = { error: "This change holds a field it does not take" };

const html = z
  .string({ error: "Enter the new HTML" })
  .max(PATCH_LIMITS.html, `Keep the HTML under ${n(PATCH_LIMITS.html)} characters`)
  .superRefine((value, ctx) => {
    const problems = markupProblems(value);
    if (problems.length > 0) ctx.addIssue({ code: "custom", message: `Remove what could run script or load a page: ${problems.join(", ")}` });
  });

const attribute = z
  .strictObject(
    {
      op: z.literal("attr"),
      sel: notRoot,
      name: z
        .string({ error: "Enter the attribute's name" })
        .regex(/^[a-zA-Z_:][-a-zA-Z0-9_:.]{0,100}$/, "Enter an attribute name: a letter, then letters, digits, - _ : or . (up to 101 characters)")
        .refine((name) => !/^on/i.test(name), "Event handler attributes (onclick, onerror…) are not allowed"),
      value: z.string({ error: "Enter the attribute's value" }).max(PATCH_LIMITS.attributeValue, `Keep the value under ${n(PATCH_LIMITS.attributeValue)} characters`).nullable(),
    },
    UNKNOWN_FIELD,
  )
  .superRefine((patch, ctx) => {
    // Same rule as the editor's sanitiser: srcdoc, and script (javascript:, vbscript:) or non-image data: URLs.
    if (/^on/i.test(patch.name)) return;
    if (unsafeAttribute(patch.name, patch.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Script (javascript:) and data: URLs, and srcdoc, are not allowed: use an http(s) URL or a path" });
    }
  });

const patchSchema = z.discriminatedUnion(
  "op",
  [
    z.strictObject({ op: z.literal("text"), sel: narrow, value: z.string({ error: "Enter the new text" }).max(PATCH_LIMITS.text, `Keep the text under ${n(PATCH_LIMITS.text)} characters`) }, UNKNOWN_FIELD),
    z.strictObject({ op: z.literal("html"), sel: narrow, value: html }, UNKNOWN_FIELD),
    attribute,
    z.strictObject({ op: z.literal("class"), sel: notRoot, add: classList, remove: classList }, UNKNOWN_FIELD),
    z.strictObject(
      {
        op: z.literal("style"),
        sel: notRoot,
        props: z.record(z.string().regex(/^-?[a-z][a-z0-9-]{0,60}$/), cssValue, { error: "Write CSS properties such as color or background-color, each with a value" }),
      },
      UNKNOWN_FIELD,
    ),
    z.strictObject({ op: z.literal("css"), value: styleSheet }, UNKNOWN_FIELD),
    z.strictObject({ op: z.literal("hide"), sel: narrow }, UNKNOWN_FIELD),
  ],
  { error: "Choose a change: text, html, attr, class, style, css or hide" },
);

export const patchListSchema = z
  .array(patchSchema, { error: "Send the changes as a list" })
  .max(PATCH_LIMITS.patches, `Use at most ${PATCH_LIMITS.patches} changes per variant`);

/**
 * The patches if every one is well-formed, else null (an arm with a bad patch is not served: one stored
 * before a rule existed, a script link or a hide of every element, is never sent to a storefront).
 */
export function validPatches(value: unknown): Patch[] | null {
  const result = patchListSchema.safeParse(value ?? []);
  return result.success ? (result.data as Patch[]) : null;
}

/** A split-URL target: same-origin relative ("/b", "?view=b") or absolute http(s) URL. */
export function validRedirect(value: string | null): string | null {
  if (!value) return null;
  if (/^(\/(?!\/)|\?)/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? value : null;
  } catch {
    return null;
  }
}
