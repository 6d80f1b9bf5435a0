// The one CSV reader of the tests, for checking the results export (RFC 4180).

/** RFC 4180 rows: quoted fields may hold commas, line breaks and doubled quotes; records end in CRLF (or LF); a leading BOM is skipped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && input[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The rows after the header, each as {column name → value}. */
export function csvObjects(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error("empty CSV");
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}

/**
 * The cells a spreadsheet may see when it splits on `delimiter` (and on line breaks), honouring quotes
 * only at the start of a cell (`quotes`), or ignoring them: how a file written for `,` reads in a
 * spreadsheet set to `;`.
 */
export function spreadsheetCells(text: string, delimiter: string, quotes: boolean): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let start = true;
  const input = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    if (quotes && quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (quotes && start && ch === '"') {
      quoted = true;
      start = false;
    } else if (ch === delimiter || ch === "\r" || ch === "\n") {
      cells.push(cell);
      cell = "";
      start = true;
    } else {
      cell += ch;
      start = false;
    }
  }
  cells.push(cell);
  return cells;
}

/** A cell a spreadsheet would run: blanks and quotes aside, it starts with = + - @ (or a full-width one) and is no plain number. */
export const readsAsFormula = (cell: string): boolean => {
  const bare = cell.replace(/^[\s"]+/, "");
  return /^[=+\-@\uff1d\uff0b\uff0d\uff20]/.test(bare) && !/^[+-]?\d+(\.\d+)?(e[+-]?\d+)?"*$/i.test(bare.trim());
};

/** Every cell of `text` that would run as a formula, split on `,`, `;` or tab, with or without quotes. */
export const formulaCells = (text: string): string[] =>
  [",", ";", "\t"].flatMap((d) => [true, false].flatMap((q) => spreadsheetCells(text, d, q))).filter(readsAsFormula);
