// How a spreadsheet may read a CSV file: split on `,`, `;` or a tab, quotes honoured or not, and which of
// the cells it would then run as formulas. What csv.ts defends against, and what its tests check.

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
