// Types of build.mjs for TypeScript callers (the browser-test harness).
export declare const SNIPPET_ENTRY: string;
export declare const SNIPPET_OUT: string;
export declare const GZIP_BUDGET: number;
export declare function buildSnippet(options?: { quiet?: boolean }): Promise<{ path: string; raw: number; gzip: number; brotli: number }>;
