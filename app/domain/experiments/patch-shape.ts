// Validates DOM patches and redirects against the wire shape before they are stored or served.
import { z } from "zod";
import type { Patch } from "~/wire";
import { isRootSelector } from "~/wire/rules/selector-rules";

const selector = z.string().min(1).max(500);
// Patches may never aim at the document's root elements (guarantee 2); the snippet checks again.
const notRoot = selector.refine((sel) => !isRootSelector(sel), "may not target html, head, body or :root");
const cssValue = z.string().max(2000);

const patchSchema = z.discriminatedUnion("op", [
  z.strictObject({ op: z.literal("text"), sel: notRoot, value: z.string().max(10_000) }),
  z.strictObject({ op: z.literal("html"), sel: notRoot, value: z.string().max(50_000) }),
  z.strictObject({
    op: z.literal("attr"),
    sel: notRoot,
    name: z.string().regex(/^[a-zA-Z_:][-a-zA-Z0-9_:.]{0,100}$/).refine((n) => !/^on/i.test(n), "event handler attributes are not allowed"),
    value: z.string().max(2000).nullable(),
  }),
  z.strictObject({
    op: z.literal("class"),
    sel: notRoot,
    add: z.array(z.string().regex(/^[^\s]{1,100}$/)).max(20).optional(),
    remove: z.array(z.string().regex(/^[^\s]{1,100}$/)).max(20).optional(),
  }),
  z.strictObject({ op: z.literal("style"), sel: notRoot, props: z.record(z.string().regex(/^-?[a-z][a-z0-9-]{0,60}$/), cssValue) }),
  z.strictObject({ op: z.literal("css"), value: z.string().max(20_000) }),
  z.strictObject({ op: z.literal("hide"), sel: notRoot }),
]);

export const patchListSchema = z.array(patchSchema).max(100);

/** The patches if every one is well-formed, else null (an arm with a bad patch is not served). */
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
