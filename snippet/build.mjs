// Builds the snippet into one self-running file (snippet/dist/snippet.js) and enforces its size budget.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

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
  const code = result.outputFiles[0].contents;
  const raw = code.byteLength;
  const gzip = gzipSync(code, { level: 9 }).byteLength;
  if (!quiet) console.log(`snippet.js: ${raw} bytes raw, ${gzip} bytes gzip (budget ${GZIP_BUDGET})`);
  if (gzip > GZIP_BUDGET) throw new Error(`snippet.js is ${gzip} bytes gzipped, over the ${GZIP_BUDGET}-byte budget`);
  mkdirSync(dirname(SNIPPET_OUT), { recursive: true });
  writeFileSync(SNIPPET_OUT, code);
  return { path: SNIPPET_OUT, raw, gzip };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildSnippet().catch((error) => {
    console.error(String(error?.message ?? error));
    process.exit(1);
  });
}
