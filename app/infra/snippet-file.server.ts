// The built snippet (snippet/dist/snippet.js), read once per build and tagged for HTTP revalidation.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

export interface SnippetFile {
  body: string;
  etag: string;
}

const SNIPPET_PATH = path.resolve("snippet/dist/snippet.js");
let cache: { mtimeMs: number; file: SnippetFile } | undefined;

/** The current build, or null when the snippet has not been built. Re-read only when the file changes. */
export async function currentSnippet(): Promise<SnippetFile | null> {
  const info = await stat(SNIPPET_PATH).catch(() => null);
  if (!info) return null;
  if (cache?.mtimeMs !== info.mtimeMs) {
    const body = await readFile(SNIPPET_PATH, "utf8");
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    cache = { mtimeMs: info.mtimeMs, file: { body, etag } };
  }
  return cache.file;
}
