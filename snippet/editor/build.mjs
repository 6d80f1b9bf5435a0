// Builds the visual editor (snippet/dist/editor.js), served by the app at /editor.js to editor-token holders only.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
export const EDITOR_ENTRY = join(here, "main.ts");
export const EDITOR_OUT = join(here, "..", "dist", "editor.js");

/** Not paid by shoppers (only a merchant with a token loads it), so no budget: the size is printed to keep it in view. */
export async function buildEditor({ quiet = false } = {}) {
  const result = await build({
    entryPoints: [EDITOR_ENTRY],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  const code = Buffer.from(result.outputFiles[0].text);
  const raw = code.byteLength;
  const gzip = gzipSync(code, { level: 9 }).byteLength;
  if (!quiet) console.log(`editor.js: ${raw} bytes minified, ${gzip} bytes gzip (no budget: merchants only)`);
  mkdirSync(dirname(EDITOR_OUT), { recursive: true });
  writeFileSync(EDITOR_OUT, code);
  return { path: EDITOR_OUT, raw, gzip };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  buildEditor().catch((error) => {
    console.error(String(error?.message ?? error));
    process.exit(1);
  });
}
