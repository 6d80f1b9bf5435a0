// Types of import-structure.mjs, for its unit test (the script itself is plain JavaScript run by node).
export type ImportGraph = Map<string, string[]>;
export interface RunningUp {
  /** "from part → to part". */
  edge: string;
  /** The imports that make it, "file → file". */
  files: string[];
}
export function importGraph(): ImportGraph;
export function topLevelPart(file: string): string;
export function domainTopic(file: string): string | null;
export function importsRunningUp(graph: ImportGraph, partOf: (file: string) => string | null): RunningUp[];
export function fileCircles(graph: ImportGraph): string[][];
