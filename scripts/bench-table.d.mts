// Types of bench-table.mjs, for its unit test (the bench itself is plain JavaScript run by node).
export interface BenchLoad {
  rps: number;
  itemsPerSecond: number | null;
  p50: number;
  p99: number;
  non2xx: number;
  rssMb: number;
  cpu?: { server: number; loadGenerator: number; postgres: number; machine: number; ownPostgresSeconds?: number | null };
  /** CPU µs of the PostgreSQL backends serving the bench's database per item stored; null on PGlite. */
  pgCpuUsPerItem?: number | null;
}
export interface BenchRow {
  scenario: string;
  database: "pglite" | "postgres";
  svc: BenchLoad;
  bare: BenchLoad | null;
  ratio: number | null;
  memory?: { samples: Array<{ visitors: number; rssMb: number }>; growth: number };
  target?: { text: string; met: boolean } | null;
}
export function targetFor(row: BenchRow): { text: string; met: boolean } | null;
export function memoryGrowth(samples: Array<{ visitors: number; rssMb: number }>): number;
export function formatTable(rows: BenchRow[]): string;
