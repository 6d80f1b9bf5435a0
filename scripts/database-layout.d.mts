// Types of database-layout.mjs, for its tests (the layout itself is plain JavaScript, printed by node).
export type Placement =
  | { kind: "distributed"; by: string; colocateWith?: string }
  | { kind: "reference" }
  | { kind: "local" };
export const LAYOUT: Record<string, Placement>;
export const DISTRIBUTED: Map<string, string>;
export function readModels(schema: string): Array<{ name: string; fields: string[]; keys: Array<{ kind: string; columns: string[] }> }>;
export function layoutProblems(schema: string, layout?: Record<string, Placement>): string[];
export function citusStatements(layout?: Record<string, Placement>): string[];
/** routed: every distributed table is held through a value in the text, so a coordinator sends it to one shard per site. */
export function statementSites(text: string, params?: unknown[]): { tables: string[]; sites: unknown[]; problems: string[]; routed: boolean };
