// Builds the visual editor (snippet/dist/editor.js), served by the app at /editor.js to editor-token holders only.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundle, runWhenCommand, sizes, writeOut } from "../bundle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const EDITOR_ENTRY = join(here, "main.ts");
export const EDITOR_OUT = join(here, "..", "dist", "editor.js");

/** Not paid by shoppers (only a merchant with a token loads it), so no budget: the size is printed to keep it in view. */
export async function buildEditor({ quiet = false } = {}) {
  const code = await bundle(EDITOR_ENTRY);
  const { raw, gzip } = sizes(code);
  if (!quiet) console.log(`editor.js: ${raw} bytes minified, ${gzip} bytes gzip (no budget: merchants only)`);
  writeOut(EDITOR_OUT, code);
  return { path: EDITOR_OUT, raw, gzip };
}

runWhenCommand(import.meta.url, buildEditor);
