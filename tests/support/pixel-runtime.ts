// Shopify's web pixel runtime stood in by its documented surface only (@shopify/web-pixels-extension's
// types): `shopify.extend`, which the pixel's entry calls through `register`, `analytics.subscribe`, the
// async `browser.localStorage`, `init.data.shop` and `settings`. The pixel's own entry (src/index.ts) is
// loaded as Shopify loads it.
import type { ExtensionApi, ShopifyGlobal } from "@shopify/web-pixels-extension";
import { vi } from "vitest";

/** The pixel's subscriber, once Shopify's runtime has handed it an API. */
export type Extend = (api: ExtensionApi) => void;

let loaded: Extend | null = null;

/**
 * Loads extensions/svc-pixel/src/index.ts under a stand-in `shopify` global and answers what it registered
 * (once per test file: the module registers when first imported).
 */
export async function loadPixel(): Promise<Extend> {
  if (loaded) return loaded;
  const extensions: Extend[] = [];
  const shopify: ShopifyGlobal = { extend: (_point, fn) => void extensions.push(fn) };
  vi.stubGlobal("shopify", shopify);
  await import("../../extensions/svc-pixel/src/index");
  vi.unstubAllGlobals();
  if (extensions.length !== 1) throw new Error(`the pixel registered ${extensions.length} times`);
  loaded = extensions[0]!;
  return loaded;
}

export interface PixelPageOptions {
  settings: Record<string, unknown>;
  shop: string;
  storage: Record<string, string>;
}

/** One page of Shopify's runtime: gives the pixel its API; `publish` runs every subscriber of `name` and waits for them. */
export function pixelPage(extend: Extend, { settings, shop, storage }: PixelPageOptions) {
  const subscribers = new Map<string, Array<(event: unknown) => unknown>>();
  const api = {
    settings,
    analytics: {
      subscribe(name: string, callback: (event: unknown) => unknown) {
        subscribers.set(name, [...(subscribers.get(name) ?? []), callback]);
        return () => true;
      },
    },
    browser: {
      localStorage: {
        getItem: async (key: string) => storage[key] ?? null,
        setItem: async () => undefined,
        removeItem: async () => undefined,
        clear: async () => undefined,
        key: async () => null,
        length: async () => Object.keys(storage).length,
      },
    },
    init: {
      context: {},
      data: { customer: null, cart: null, purchasingCompany: null, shop: { myshopifyDomain: shop, name: "Shop", countryCode: "US", storefrontUrl: "https://shop.example" } },
      customerPrivacy: { analyticsProcessingAllowed: true, marketingAllowed: false, preferencesProcessingAllowed: false, saleOfDataAllowed: false },
    },
    customerPrivacy: { subscribe: () => () => true },
    _pixelInfo: {},
  };
  extend(api as unknown as ExtensionApi);
  return {
    publish: (name: string, event: unknown) => Promise.all((subscribers.get(name) ?? []).map((callback) => callback(event))),
  };
}
