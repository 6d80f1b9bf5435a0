// Builds the snippet into one self-running file (snippet/dist/snippet.js) and enforces its size budget.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { minify } from "terser";

const here = dirname(fileURLToPath(import.meta.url));
export const SNIPPET_ENTRY = join(here, "src", "main.ts");
export const SNIPPET_OUT = join(here, "dist", "snippet.js");
/** Every shopper downloads every byte: the build fails above this many gzipped bytes. */
export const GZIP_BUDGET = 6144;

export async function buildSnippet({ quiet = false } = {}) {
  const result = await build({
    entryPoints: [SNIPPET_ENTRY],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  // esbuild bundles and strips types; terser's repeated compress passes then take ~5 % more off the
  // gzipped size. Of its unsafe transforms only unsafe_arrows is on: it turns function expressions
  // that use neither `this` nor `arguments` into arrows, and the snippet never calls `new` on its own
  // functions. Nothing is assumed about getters (the page's objects may throw from them).
  const min = await minify(result.outputFiles[0].text, {
    ecma: 2020,
    compress: { ecma: 2020, passes: 3, unsafe_arrows: true },
    mangle: true,
  });
  const code = Buffer.from(min.code ?? "");
  const raw = code.byteLength;
  const gzip = gzipSync(code, { level: 9 }).byteLength;
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).byteLength;
  if (!quiet) console.log(`snippet.js: ${raw} bytes raw, ${gzip} bytes gzip, ${brotli} bytes brotli (gzip budget ${GZIP_BUDGET})`);
  if (gzip > GZIP_BUDGET) throw new Error(`snippet.js is ${gzip} bytes gzipped, over the ${GZIP_BUDGET}-byte budget`);
  mkdirSync(dirname(SNIPPET_OUT), { recursive: true });
  writeFileSync(SNIPPET_OUT, code);
  return { path: SNIPPET_OUT, raw, gzip, brotli };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildSnippet().catch((error) => {
    console.error(String(error?.message ?? error));
    process.exit(1);
  });
}
