// Rows passed to a set-based statement as one typed array per column, read back with `unnest(...)`: the
// planner then knows how many rows there are (PostgreSQL sizes `unnest` of an array it is given), so a group
// of eight sessions is looked up by index eight times instead of scanning the whole site as it did for a
// JSON parameter it guessed at 100 rows, and no JSON is parsed per row.

/** A column of the rows: its name (as in the table) and the PostgreSQL type of its array's elements. */
export interface ArrayColumn<Row> {
  name: keyof Row & string;
  type: "text" | "int" | "bigint" | "numeric" | "timestamp(3)" | "float8";
}

/** The columns of a name → type table, in its order: `arrayColumns<Row>({ siteId: "text", occurredAt: "timestamp(3)" })`. */
export function arrayColumns<Row>(types: { [K in keyof Row & string]?: ArrayColumn<Row>["type"] }): Array<ArrayColumn<Row>> {
  return Object.entries(types).map(([name, type]) => ({ name: name as keyof Row & string, type: type as ArrayColumn<Row>["type"] }));
}

/**
 * `unnest($first::type[], …) AS alias("name", …)`: the rows of `columns.length` parameters from `first` on.
 * Pass `rowArrays(rows, columns)` at those positions.
 */
export function unnestRows<Row>(columns: ReadonlyArray<ArrayColumn<Row>>, first: number, alias: string): string {
  const arrays = columns.map((c, i) => `$${first + i}::${c.type}[]`).join(", ");
  return `unnest(${arrays}) AS ${alias}(${columns.map((c) => `"${c.name}"`).join(", ")})`;
}

/**
 * One array per column, in `columns`' order. Dates go as ISO strings (UTC, as the JSON parameters did), objects
 * as JSON text, undefined as null: every driver (pg, PGlite, Prisma's raw queries) passes those alike.
 */
export function rowArrays<Row>(rows: readonly Row[], columns: ReadonlyArray<ArrayColumn<Row>>): unknown[][] {
  return columns.map((c) =>
    rows.map((row) => {
      const value = row[c.name] as unknown;
      if (value === undefined || value === null) return null;
      if (value instanceof Date) return value.toISOString();
      // As JSON had it (NaN and infinities became null), so a bad figure is never stored as numeric's NaN.
      if (typeof value === "number" && !Number.isFinite(value)) return null;
      if (typeof value === "object") return JSON.stringify(value);
      return value;
    }),
  );
}
