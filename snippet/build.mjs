// Builds the snippet into one self-running file (snippet/dist/snippet.js) and enforces its size budget.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { minify } from "terser";
import { bundle, runWhenCommand, sizes, writeOut } from "./bundle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const SNIPPET_ENTRY = join(here, "src", "main.ts");
export const SNIPPET_OUT = join(here, "dist", "snippet.js");
/** Every shopper downloads every byte: the build fails above this many gzipped bytes. */
export const GZIP_BUDGET = 6144;

export async function buildSnippet({ quiet = false } = {}) {
  // esbuild bundles and strips types; terser's repeated compress passes then take ~5 % more off the
  // gzipped size. Of its unsafe transforms only unsafe_arrows is on: it turns function expressions
  // that use neither `this` nor `arguments` into arrows, and the snippet never calls `new` on its own
  // functions. Nothing is assumed about getters (the page's objects may throw from them).
  const min = await minify(await bundle(SNIPPET_ENTRY), {
    ecma: 2020,
    compress: { ecma: 2020, passes: 3, unsafe_arrows: true },
    mangle: true,
  });
  const code = min.code ?? "";
  const { raw, gzip, brotli } = sizes(code);
  if (!quiet) console.log(`snippet.js: ${raw} bytes raw, ${gzip} bytes gzip, ${brotli} bytes brotli (gzip budget ${GZIP_BUDGET})`);
  if (gzip > GZIP_BUDGET) throw new Error(`snippet.js is ${gzip} bytes gzipped, over the ${GZIP_BUDGET}-byte budget`);
  writeOut(SNIPPET_OUT, code);
  return { path: SNIPPET_OUT, raw, gzip, brotli };
}

runWhenCommand(import.meta.url, buildSnippet);
