// Types of query-shapes.mjs, for its unit test (the check itself is plain JavaScript run by node).
export interface Shapes {
  pglite: Set<string>;
  postgres: Set<string>;
  /** For each shape, the test files (subfolders) whose processes sent it. */
  senders: Map<string, Set<string>>;
}
export function readShapes(dir: string): Shapes;
export function untriedOnPostgres(shapes: Pick<Shapes, "pglite" | "postgres">): string[];
export function untriedOnPglite(shapes: Pick<Shapes, "pglite" | "postgres">): string[];
export function untriedLine(shape: string, senders?: Set<string>): string;
