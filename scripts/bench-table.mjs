// The bench's one table: each row's target (issue 11's Targets) judged met or missed, and the rows
// printed as a fixed-width text table (the same rows go to bench-output/*.json).

/** The target a row is held to, or null; `row.scenario` and `row.database` pick it. */
export function targetFor(row) {
  if (row.scenario.startsWith("GET /api/patches")) {
    return { text: "≥ 0.5× bare, p99 ≤ 10 ms", met: row.ratio >= 0.5 && row.svc.p99 <= 10 };
  }
  if (row.scenario === "POST /api/events ×10, realistic mix") {
    // Issue 37's goal: 12,000 events/s on PGlite, 20,000 on PostgreSQL at ≤ 25 µs of PostgreSQL CPU per event.
    if (row.database === "pglite") return { text: "≥ 12,000 events/s", met: row.svc.itemsPerSecond >= 12_000 };
    return { text: "≥ 20,000 events/s, ≤ 25 pg µs/event", met: row.svc.itemsPerSecond >= 20_000 && (row.svc.pgCpuUsPerItem ?? Infinity) <= 25 };
  }
  if (row.scenario === "POST /api/events ×10") {
    const floor = row.database === "postgres" ? 20_000 : 5_000;
    return { text: `≥ ${floor.toLocaleString("en-US")} events/s`, met: row.svc.itemsPerSecond >= floor };
  }
  if (row.scenario.includes("after a restart with an order")) {
    return { text: "≥ 0.8× without the order", met: row.ratio >= 0.8 };
  }
  if (row.scenario.startsWith("memory")) {
    return { text: "RSS flat (≤ +10% over 2nd half)", met: row.memory.growth <= 0.1 };
  }
  return null;
}

/** RSS growth over the second half of the memory run: from the middle sample to the last one. */
export function memoryGrowth(samples) {
  const middle = samples[Math.floor((samples.length - 1) / 2)];
  const last = samples.at(-1);
  return (last.rssMb - middle.rssMb) / middle.rssMb;
}

const number = (n, digits = 0) => (n === undefined || n === null || Number.isNaN(n) ? "—" : n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }));

const COLUMNS = [
  ["scenario", (r) => r.scenario, "left"],
  ["db", (r) => r.database],
  ["bare req/s", (r) => number(r.bare?.rps)],
  ["svc req/s", (r) => number(r.svc.rps)],
  ["svc/bare", (r) => number(r.ratio, 3)],
  ["items/s", (r) => number(r.svc.itemsPerSecond)],
  ["p50 ms", (r) => number(r.svc.p50, 1)],
  ["p99 ms", (r) => number(r.svc.p99, 1)],
  ["non-2xx", (r) => number(r.svc.non2xx)],
  ["RSS MB", (r) => number(r.svc.rssMb)],
  ["pg µs/item", (r) => number(r.svc.pgCpuUsPerItem, 1)],
  ["CPU % svc/gen/pg/all", (r) => (r.svc.cpu ? `${r.svc.cpu.server}/${r.svc.cpu.loadGenerator}/${r.svc.cpu.postgres}/${r.svc.cpu.machine}` : "—")],
  ["target", (r) => r.target?.text ?? "—", "left"],
  ["met", (r) => (r.target ? (r.target.met ? "met" : "MISSED") : "—"), "left"],
];

/** The rows as a text table, one line per row, columns padded to their widest cell. */
export function formatTable(rows) {
  const cells = [COLUMNS.map(([title]) => title), ...rows.map((row) => COLUMNS.map(([, cell]) => String(cell(row))))];
  const widths = COLUMNS.map((_, c) => Math.max(...cells.map((line) => line[c].length)));
  const pad = (text, c) => (COLUMNS[c][2] === "left" ? text.padEnd(widths[c]) : text.padStart(widths[c]));
  const lines = cells.map((line) => line.map(pad).join(" | ").trimEnd());
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("-|-"));
  return lines.join("\n");
}
