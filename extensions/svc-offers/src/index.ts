// The function's entry: Shopify's CLI maps each target's `export` in shopify.extension.toml to the export here of
// the same name in camel case (cart-lines-discounts-generate-run → cartLinesDiscountsGenerateRun).
export { cartDeliveryOptionsDiscountsGenerateRun, cartLinesDiscountsGenerateRun } from "./run";
