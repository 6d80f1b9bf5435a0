// The built inline head helpers (snippet/dist/head.js, and the opt-in first-visit snippet/dist/head-sheet.js)
// as the admin and the demo page print them, each read once per build.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { firstVisitHelperScript, headHelperScript, type HeadHelperScript } from "~/domain/sites/snippet-tag";

// Resolved from the working directory, as snippet.js is: npm start, npm test and the built server all run from the project root.
const HEAD_HELPER_PATH = path.resolve("snippet/dist/head.js");
const FIRST_VISIT_HELPER_PATH = path.resolve("snippet/dist/head-sheet.js");
const cache = new Map<string, { mtimeMs: number; code: string }>();

/** A built file's trimmed text ("" when it is not built), re-read only when the file changes. */
async function builtCode(file: string): Promise<string> {
  const info = await stat(file).catch(() => null);
  if (!info) return "";
  let entry = cache.get(file);
  if (entry?.mtimeMs !== info.mtimeMs) {
    entry = { mtimeMs: info.mtimeMs, code: (await readFile(file, "utf8").catch(() => "")).trim() };
    cache.set(file, entry);
  }
  return entry.code;
}

/**
 * The helper to paste, or null when it is not built, or (never from our build, which refuses it) when its
 * text is not safe inside an inline script.
 */
export async function currentHeadHelper(): Promise<HeadHelperScript | null> {
  return headHelperScript(await builtCode(HEAD_HELPER_PATH));
}

/** The opt-in first-visit helper for a site whose tag points at `baseUrl`; null as for currentHeadHelper. */
export async function currentFirstVisitHelper(baseUrl: string, siteId: string): Promise<HeadHelperScript | null> {
  return firstVisitHelperScript(await builtCode(FIRST_VISIT_HELPER_PATH), baseUrl, siteId);
}
