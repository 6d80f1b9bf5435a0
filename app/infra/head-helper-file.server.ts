// The built inline head helper (snippet/dist/head.js) as the admin and the demo page print it, read once per build.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { headHelperScript, type HeadHelperScript } from "~/domain/sites/snippet-tag";

// Resolved from the working directory, as snippet.js is: npm start, npm test and the built server all run from the project root.
const HEAD_HELPER_PATH = path.resolve("snippet/dist/head.js");
let cache: { mtimeMs: number; helper: HeadHelperScript | null } | undefined;

/**
 * The helper to paste, or null when it is not built, or (never from our build, which refuses it) when its
 * text is not safe inside an inline script. Re-read only when the file changes.
 */
export async function currentHeadHelper(): Promise<HeadHelperScript | null> {
  const info = await stat(HEAD_HELPER_PATH).catch(() => null);
  if (!info) return null;
  if (cache?.mtimeMs !== info.mtimeMs) {
    const code = await readFile(HEAD_HELPER_PATH, "utf8").catch(() => "");
    cache = { mtimeMs: info.mtimeMs, helper: headHelperScript(code.trim()) };
  }
  return cache.helper;
}
