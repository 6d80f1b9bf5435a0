// The web pixel's entry point, bundled by Shopify's CLI: registers the svc pixel (src/pixel.ts) with Shopify.
import { register } from "@shopify/web-pixels-extension";
import { svcPixel } from "./pixel";

register(svcPixel);
