// Types of import-structure.mjs, for its unit test.
export function importGraph(): Map<string, string[]>;
export function topLevelPart(file: string): string;
export function domainTopic(file: string): string | null;
export function importsRunningUp(graph: Map<string, string[]>, partOf: (file: string) => string | null): Array<{ edge: string; files: string[] }>;
export function fileCircles(graph: Map<string, string[]>): string[][];
