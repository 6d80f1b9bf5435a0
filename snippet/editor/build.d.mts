// Types of build.mjs for TypeScript callers (browser tests).
export declare const EDITOR_ENTRY: string;
export declare const EDITOR_OUT: string;
export declare function buildEditor(options?: { quiet?: boolean }): Promise<{ path: string; raw: number; gzip: number }>;
