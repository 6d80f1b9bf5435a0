// Builds the inline head helper (snippet/dist/head.js): one minified IIFE that sites paste inline before the tag.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, runWhenCommand, sizes, writeOut } from "../bundle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const HEAD_ENTRY = join(here, "head.ts");
export const HEAD_OUT = join(here, "..", "dist", "head.js");
/** It sits in every page's HTML: the build fails above this many minified bytes. */
export const HEAD_BUDGET = 1536;

/** The wire's rule (app/wire/rules/inline-script.ts), bundled for Node: the build and the admin refuse the same code. */
async function loadInlineRule() {
  const code = await bundle(join(here, "..", "..", "app", "wire", "rules", "inline-script.ts"), { format: "esm", platform: "node", minify: false });
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)).isInlineSafe;
}

export async function buildHeadHelper({ quiet = false } = {}) {
  // No "use strict" prologue (tsconfigRaw {}): the IIFE's own code is strict-safe, and the bytes are paid on every page.
  const code = (await bundle(HEAD_ENTRY, { tsconfigRaw: {} })).trim();
  const { raw, gzip } = sizes(code);
  if (!quiet) console.log(`head.js (inline helper): ${raw} bytes minified, ${gzip} bytes gzip (budget ${HEAD_BUDGET} minified)`);
  if (raw > HEAD_BUDGET) throw new Error(`head.js is ${raw} bytes minified, over the ${HEAD_BUDGET}-byte budget`);
  const isInlineSafe = await loadInlineRule();
  if (!isInlineSafe(code)) throw new Error("head.js holds </script, <script or <!--: it would break the inline script it is pasted as");
  writeOut(HEAD_OUT, code);
  return { path: HEAD_OUT, raw, gzip };
}

runWhenCommand(import.meta.url, buildHeadHelper);
