// Builds the snippet's self-running files and enforces the size budget on each: snippet/dist/snippet.js for the
// spec's tag, snippet/dist/snippet-shopify.js for the Shopify app embed (src/build-flags.ts says how they differ), and
// snippet/dist/snippet-price.js, the price bundle the embed loads only on pages a price test covers (src/price.ts).
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { minify } from "terser";
import { bundle, runWhenCommand, sizes, writeOut } from "./bundle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const SNIPPET_ENTRY = join(here, "src", "main.ts");
export const SNIPPET_OUT = join(here, "dist", "snippet.js");
export const EMBED_SNIPPET_OUT = join(here, "dist", "snippet-shopify.js");
export const PRICE_ENTRY = join(here, "src", "price.ts");
export const PRICE_OUT = join(here, "dist", "snippet-price.js");
/** Every shopper downloads every byte: the build fails when either file is above this many gzipped bytes. */
export const GZIP_BUDGET = 6144;
/** The price bundle's own budget: paid on top of the snippet, by the shoppers of a price test's pages only. */
export const PRICE_GZIP_BUDGET = 1536;
/** Property names only the snippet's own code reads and writes: terser shortens them. */
const INTERNAL_PROPERTIES = /^(fresh|preconsented|template|base|aud|flush|stop)$/;

export async function buildSnippet({ quiet = false } = {}) {
  const [tag, embed, price] = await Promise.all([
    buildOne(SNIPPET_OUT, false, quiet),
    buildOne(EMBED_SNIPPET_OUT, true, quiet),
    buildOne(PRICE_OUT, true, quiet, PRICE_ENTRY, PRICE_GZIP_BUDGET),
  ]);
  return { ...tag, embed, price };
}

async function buildOne(out, embed, quiet, entry = SNIPPET_ENTRY, budget = GZIP_BUDGET) {
  // esbuild bundles and strips types; terser's repeated compress passes then take ~5 % more off the
  // gzipped size. Of its unsafe transforms only unsafe_arrows is on: it turns function expressions
  // that use neither `this` nor `arguments` into arrows, and the snippet never calls `new` on its own
  // functions. Nothing is assumed about getters (the page's objects may throw from them).
  // booleans_as_integers (21 B) writes true and false as 1 and 0 and `x === true` as `x == 1`: the snippet
  // hands booleans only to the DOM and its own code, which read them as truthy (svc_ss's `cart` is stored
  // as 1), keeps the one the page reads a real boolean (the window's svc.snippet mark: `!!w`), and tests a
  // foreign value for `true` with typeof (shopify.ts), never `=== true` or `=== false` (privacy.ts's GPC
  // check only widens: 1 counts as a signal too). unsafe_comps stays off: it would turn `!(a < b)` into `a >= b`,
  // which differs for NaN (identity.ts counts on it). Property names mangled (~20 B): only those of the
  // snippet's own objects in memory (the tag, the transport, the cached config's freshness), never a name
  // the wire, the page, the DOM or storage holds (svc_ss, svc_cfg: terser's short names may change between
  // builds, and the head helper reads svc_cfg).
  const min = await minify(await bundle(entry, { define: { SVC_EMBED: String(embed) } }), {
    ecma: 2020,
    compress: { ecma: 2020, passes: 3, unsafe_arrows: true, booleans_as_integers: true },
    mangle: { properties: { regex: INTERNAL_PROPERTIES } },
  });
  const code = min.code ?? "";
  const { raw, gzip, brotli } = sizes(code);
  const name = basename(out);
  if (!quiet) console.log(`${name}: ${raw} bytes raw, ${gzip} bytes gzip, ${brotli} bytes brotli (gzip budget ${budget})`);
  if (gzip > budget) throw new Error(`${name} is ${gzip} bytes gzipped, over the ${budget}-byte budget`);
  writeOut(out, code);
  return { path: out, raw, gzip, brotli };
}

runWhenCommand(import.meta.url, buildSnippet);
