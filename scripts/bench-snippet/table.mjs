// The snippet bench's table: pageviews grouped into cells (page kind × arm × cold/warm × latency), each
// cell's figures, and the cells printed as one fixed-width text table.

const quantile = (values, q) => {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? sorted[0];
};
export const median = (values) => quantile(values, 0.5);

/** One cell's figures from its pageviews (each a `summarize` result plus `scriptMs`). */
export function cellFigures(views) {
  const variant = views[0]?.arm === "variant";
  return {
    n: views.length,
    flashed: variant ? views.filter((v) => v.flashed).length : null,
    // Pageviews where the elements never showed their final arm before the bench stopped waiting.
    neverFinal: views.filter((v) => v.msToFinal === null).length,
    msToFinalMedian: median(views.map((v) => v.msToFinal)),
    msToFinalP95: quantile(views.map((v) => v.msToFinal), 0.95),
    hiddenMsMedian: median(views.map((v) => v.hiddenMs)),
    hiddenMsMax: Math.max(...views.map((v) => v.hiddenMs)),
    anyHiddenMsMax: Math.max(...views.map((v) => v.anyHiddenMs)),
    clsMax: Math.max(...views.map((v) => v.cls)),
    fcpMedian: median(views.map((v) => v.fcp)),
    scriptMsMedian: median(views.map((v) => v.scriptMs)),
    responseStartMedian: median(views.map((v) => v.responseStart)),
  };
}

/** Groups pageviews into cells, in the order the kinds, arms, latencies and temperatures first appear. */
export function cells(views) {
  const byKey = new Map();
  for (const v of views) {
    const key = [v.kind, v.arm, v.latency, v.temperature].join("|");
    if (!byKey.has(key)) byKey.set(key, { kind: v.kind, label: v.label, arm: v.arm, latency: v.latency, temperature: v.temperature, views: [] });
    byKey.get(key).views.push(v);
  }
  return [...byKey.values()].map(({ views: list, ...cell }) => ({ ...cell, ...cellFigures(list) }));
}

const number = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? "—" : n.toFixed(digits));

const COLUMNS = [
  ["page", (c) => c.label, "left"],
  ["arm", (c) => c.arm, "left"],
  ["cache", (c) => c.temperature, "left"],
  ["RTT ms", (c) => String(c.latency)],
  ["n", (c) => String(c.n)],
  ["flashed", (c) => (c.flashed === null ? "—" : `${c.flashed}/${c.n}`)],
  ["final ms p50", (c) => number(c.msToFinalMedian)],
  ["final ms p95", (c) => number(c.msToFinalP95)],
  ["never", (c) => String(c.neverFinal)],
  ["hidden ms p50", (c) => number(c.hiddenMsMedian)],
  ["hidden ms max", (c) => number(c.hiddenMsMax)],
  ["any opacity-0 ms max", (c) => number(c.anyHiddenMsMax)],
  ["CLS max", (c) => number(c.clsMax, 3)],
  ["FCP ms p50", (c) => number(c.fcpMedian)],
  ["tester JS ms p50", (c) => number(c.scriptMsMedian, 1)],
];

/** The cells as a text table (or a Markdown table with `markdown: true`). */
export function formatCells(list, { markdown = false } = {}) {
  const rows = [COLUMNS.map(([title]) => title), ...list.map((c) => COLUMNS.map(([, cell]) => cell(c)))];
  if (markdown) {
    const line = (cellsOfRow) => `| ${cellsOfRow.join(" | ")} |`;
    const rule = COLUMNS.map(([, , align]) => (align === "left" ? "---" : "---:"));
    return [line(rows[0]), line(rule), ...rows.slice(1).map(line)].join("\n");
  }
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const pad = (text, i) => (COLUMNS[i][2] === "left" ? text.padEnd(widths[i]) : text.padStart(widths[i]));
  const lines = rows.map((r) => r.map(pad).join(" | ").trimEnd());
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("-|-"));
  return lines.join("\n");
}
