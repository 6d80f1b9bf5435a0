// The built snippets (snippet/dist/snippet.js, snippet-shopify.js for the app embed, snippet-price.js for a price test's
// pages), read once per build and tagged for HTTP revalidation.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

export interface SnippetFile {
  body: string;
  etag: string;
  /** The build's name in the app embed's URL (`?v=`): 12 URL-safe characters of the body's SHA-256. */
  version: string;
}

/**
 * `tag`: the spec's tag, on every site. `embed`: the Shopify app embed's build (snippet/src/build-flags.ts). `price`:
 * the price bundle (snippet/src/price.ts), which the embed loads only on pages a price test covers.
 */
export type SnippetBuild = "tag" | "embed" | "price";

const PATHS: Record<SnippetBuild, string> = {
  tag: path.resolve("snippet/dist/snippet.js"),
  embed: path.resolve("snippet/dist/snippet-shopify.js"),
  price: path.resolve("snippet/dist/snippet-price.js"),
};
const cache = new Map<SnippetBuild, { mtimeMs: number; file: SnippetFile }>();

/** The current build, or null when the snippet has not been built. Re-read only when the file changes. */
export async function currentSnippet(build: SnippetBuild = "tag"): Promise<SnippetFile | null> {
  const info = await stat(PATHS[build]).catch(() => null);
  if (!info) return null;
  let held = cache.get(build);
  if (held?.mtimeMs !== info.mtimeMs) {
    const body = await readFile(PATHS[build], "utf8");
    const hash = createHash("sha256").update(body).digest("base64url");
    held = { mtimeMs: info.mtimeMs, file: { body, etag: `"${hash.slice(0, 22)}"`, version: hash.slice(0, 12) } };
    cache.set(build, held);
  }
  return held.file;
}
