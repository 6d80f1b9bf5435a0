// Types of build.mjs for TypeScript callers (the browser-test harness).
export declare const SNIPPET_ENTRY: string;
export declare const SNIPPET_OUT: string;
export declare const EMBED_SNIPPET_OUT: string;
export declare const PRICE_ENTRY: string;
export declare const PRICE_OUT: string;
export declare const GZIP_BUDGET: number;
export declare const PRICE_GZIP_BUDGET: number;
type Built = { path: string; raw: number; gzip: number; brotli: number };
/** Every build; the top-level fields are the spec tag's build, `embed` the Shopify app embed's, `price` the price bundle's. */
export declare function buildSnippet(options?: { quiet?: boolean }): Promise<Built & { embed: Built; price: Built }>;
