// Types of build.mjs for TypeScript callers (tests).
export declare const HEAD_ENTRY: string;
export declare const HEAD_OUT: string;
export declare const HEAD_BUDGET: number;
export declare const HEAD_SHEET_ENTRY: string;
export declare const HEAD_SHEET_OUT: string;
export declare const HEAD_SHEET_BUDGET: number;
export declare function buildHeadHelper(options?: { quiet?: boolean }): Promise<{
  path: string;
  raw: number;
  gzip: number;
  sheet: { path: string; raw: number; gzip: number };
}>;
