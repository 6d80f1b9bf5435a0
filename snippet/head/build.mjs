// Builds the inline head helpers: snippet/dist/head.js (hides from the cached config) and
// snippet/dist/head-sheet.js (the opt-in first-visit variant, which also links the hiding sheet on a
// first pageview). Each is one minified IIFE that sites paste inline before the tag.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, runWhenCommand, sizes, writeOut } from "../bundle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const HEAD_ENTRY = join(here, "head.ts");
export const HEAD_OUT = join(here, "..", "dist", "head.js");
export const HEAD_SHEET_ENTRY = join(here, "head-sheet.ts");
export const HEAD_SHEET_OUT = join(here, "..", "dist", "head-sheet.js");
/** Each sits in every page's HTML: the build fails above this many minified bytes. */
export const HEAD_BUDGET = 1536;
export const HEAD_SHEET_BUDGET = 1792;

/** The wire's rule (app/wire/rules/inline-script.ts), bundled for Node: the build and the admin refuse the same code. */
async function loadInlineRule() {
  const code = await bundle(join(here, "..", "..", "app", "wire", "rules", "inline-script.ts"), { format: "esm", platform: "node", minify: false });
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)).isInlineSafe;
}

async function buildOne(name, entry, out, budget, isInlineSafe, quiet) {
  // No "use strict" prologue (tsconfigRaw {}): the IIFE's own code is strict-safe, and the bytes are paid on every page.
  const code = (await bundle(entry, { tsconfigRaw: {} })).trim();
  const { raw, gzip } = sizes(code);
  if (!quiet) console.log(`${name}: ${raw} bytes minified, ${gzip} bytes gzip (budget ${budget} minified)`);
  if (raw > budget) throw new Error(`${name} is ${raw} bytes minified, over the ${budget}-byte budget`);
  if (!isInlineSafe(code)) throw new Error(`${name} holds </script, <script or <!--: it would break the inline script it is pasted as`);
  writeOut(out, code);
  return { path: out, raw, gzip };
}

export async function buildHeadHelper({ quiet = false } = {}) {
  const isInlineSafe = await loadInlineRule();
  const sheet = await buildOne("head-sheet.js (first-visit helper)", HEAD_SHEET_ENTRY, HEAD_SHEET_OUT, HEAD_SHEET_BUDGET, isInlineSafe, quiet);
  return { ...(await buildOne("head.js (inline helper)", HEAD_ENTRY, HEAD_OUT, HEAD_BUDGET, isInlineSafe, quiet)), sheet };
}

runWhenCommand(import.meta.url, buildHeadHelper);
