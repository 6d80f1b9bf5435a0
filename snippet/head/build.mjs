// Builds the inline head helper (snippet/dist/head.js): one minified IIFE that sites paste inline before the tag.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
export const HEAD_ENTRY = join(here, "head.ts");
export const HEAD_OUT = join(here, "..", "dist", "head.js");
/** It sits in every page's HTML: the build fails above this many minified bytes. */
export const HEAD_BUDGET = 1536;

/** What would end or change the inline <script> the text is pasted into (HTML's script data states). */
export const INLINE_UNSAFE = /<\/script|<script|<!--/i;

export async function buildHeadHelper({ quiet = false } = {}) {
  const result = await build({
    entryPoints: [HEAD_ENTRY],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    // No "use strict" prologue: the IIFE's own code is strict-safe, and the bytes are paid on every page.
    tsconfigRaw: {},
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].text.trim();
  const raw = Buffer.byteLength(code);
  const gzip = gzipSync(code, { level: 9 }).byteLength;
  if (!quiet) console.log(`head.js (inline helper): ${raw} bytes minified, ${gzip} bytes gzip (budget ${HEAD_BUDGET} minified)`);
  if (raw > HEAD_BUDGET) throw new Error(`head.js is ${raw} bytes minified, over the ${HEAD_BUDGET}-byte budget`);
  if (INLINE_UNSAFE.test(code)) throw new Error("head.js holds </script, <script or <!--: it would break the inline script it is pasted as");
  mkdirSync(dirname(HEAD_OUT), { recursive: true });
  writeFileSync(HEAD_OUT, code);
  return { path: HEAD_OUT, raw, gzip };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildHeadHelper().catch((error) => {
    console.error(String(error?.message ?? error));
    process.exit(1);
  });
}
