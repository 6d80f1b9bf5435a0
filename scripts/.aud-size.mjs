import { minify } from "terser";
import { bundle, sizes } from "/work/wt-audience/snippet/bundle.mjs";
const src = await bundle("/work/wt-audience/snippet/src/main.ts");
const variants = {
  base: { ecma: 2020, compress: { ecma: 2020, passes: 3, unsafe_arrows: true }, mangle: true },
  p5: { ecma: 2020, compress: { ecma: 2020, passes: 5, unsafe_arrows: true }, mangle: true },
  unsafe: { ecma: 2020, compress: { ecma: 2020, passes: 3, unsafe_arrows: true, unsafe_methods: true, unsafe_comps: true, unsafe_math: true, unsafe_undefined:true }, mangle: true },
  toplevel: { ecma: 2020, toplevel: true, compress: { ecma: 2020, passes: 3, unsafe_arrows: true }, mangle: true },
  boolsAsInts: { ecma: 2020, compress: { ecma: 2020, passes: 3, unsafe_arrows: true, booleans_as_integers: true }, mangle: true },
  pure_getters: { ecma: 2020, compress: { ecma: 2020, passes: 3, unsafe_arrows: true, hoist_funs: true }, mangle: true },
};
for (const [k, o] of Object.entries(variants)) { const m = await minify(src, o); console.log(k, sizes(m.code)); }
const m = await minify(src, variants.base);
import fs from "node:fs"; fs.writeFileSync("/tmp/aud/snip.js", m.code);
