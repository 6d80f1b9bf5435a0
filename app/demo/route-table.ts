// The demo's URLs and the files that answer them, registered beside app/routes by vite.config.ts (Remix's
// `routes` option) unless the build leaves the demo out (SVC_BUILD_DEMO=0).
export const DEMO_ROUTES: ReadonlyArray<readonly [path: string, file: string]> = [
  ["demo", "demo/routes/demo.tsx"],
  ["demo/shopify", "demo/routes/demo.shopify.tsx"],
  ["demo/shopify/checkout", "demo/routes/demo.shopify.checkout.tsx"],
  ["demo/shopify/refund", "demo/routes/demo.shopify.refund.tsx"],
  ["demo/shopify/pixel.js", "demo/routes/demo.shopify.pixel[.]js.tsx"],
  ["demo/shopify/pages/about", "demo/routes/demo.shopify.pages.about.tsx"],
  ["demo/shopify/products/stoneware-bowl", "demo/routes/demo.shopify.products.stoneware-bowl.tsx"],
  ["demo/shopify/collections/all", "demo/routes/demo.shopify.collections.all.tsx"],
  ["demo/shopify/cart", "demo/routes/demo.shopify.cart.tsx"],
  ["cart.js", "demo/routes/cart[.]js.tsx"],
  ["cart/add.js", "demo/routes/cart.add[.]js.tsx"],
  ["cart/update.js", "demo/routes/cart.update[.]js.tsx"],
];
