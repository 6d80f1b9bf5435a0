// Types of query-shapes.mjs, for its unit test (the check itself is plain JavaScript run by node).
export function readShapes(dir: string): { pglite: Set<string>; postgres: Set<string> };
export function untriedOnPostgres(shapes: { pglite: Set<string>; postgres: Set<string> }): string[];
