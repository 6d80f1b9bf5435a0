// What the three browser builds (snippet, head helper, editor) share: esbuild's one-file bundle, the sizes
// printed, the write to snippet/dist, and running a build file as a command.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** One self-running, minified IIFE for browsers from `entry` (types stripped, everything bundled). */
export async function bundle(entry, extra = {}) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    write: false,
    logLevel: "silent",
    ...extra,
  });
  return result.outputFiles[0].text;
}

/** Raw, gzip (Node's zlib at level 9: no file name in the header) and brotli (quality 11) sizes in bytes. */
export function sizes(code) {
  const bytes = Buffer.from(code);
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).byteLength,
  };
}

export function writeOut(path, code) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
}

/** Runs `buildIt` when the file whose `import.meta.url` is `moduleUrl` is the command node was given. */
export function runWhenCommand(moduleUrl, buildIt) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? "").href) return;
  buildIt().catch((error) => {
    console.error(String(error?.message ?? error));
    process.exit(1);
  });
}
