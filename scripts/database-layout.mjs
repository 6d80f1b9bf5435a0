// How a distributed PostgreSQL (Citus) would hold each table of prisma/schema.prisma, and the two checks that
// keep svc fit for it: every key of a distributed table leads with its distribution column, and a statement on
// distributed tables names one site (docs/database.md, "Distributed PostgreSQL"). scripts/database-layout.test.ts
// runs the first on the schema, tests/integration/ingest-layout.test.ts the second on the ingestion writer's SQL.
// `node scripts/database-layout.mjs` prints the statements a Citus deployment runs, from this same table.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Every model, classified; a new model fails the test until it is placed here.
 * - `distributed`: split into shards by `by`; `colocateWith` names the first table of its co-location group
 *   (tables of one group keep the rows of one key value on the same node, so their joins and transactions on
 *   one key stay on one node).
 * - `reference`: small, read by every shard's statements (a site's configuration), copied to every node.
 * - `local`: the coordinator's own bookkeeping, never joined with a distributed table.
 */
export const LAYOUT = {
  // A site's events and what results read, by site: an ingestion transaction for one site stays on one node.
  Event: { kind: "distributed", by: "siteId" },
  Exposure: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  Conversion: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  ConversionAttribution: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  VisitorTotal: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  CheckoutReport: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  OrderOfferCheck: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  BuyNowOrder: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  DailyRollup: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  NetworkRollup: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  SegmentRollup: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  SiteSegmentValue: { kind: "distributed", by: "siteId", colocateWith: "Event" },
  // A shop's orders, by shop, a co-location group of their own: shopId and siteId are different values, so a
  // shop's orders and its storefront's events hash to different shards (docs/database.md says what that costs).
  Order: { kind: "distributed", by: "shopId" },
  Refund: { kind: "distributed", by: "shopId", colocateWith: "Order" },
  VariantCost: { kind: "distributed", by: "shopId", colocateWith: "Order" },
  // Configuration: few rows per site, read by nearly every request and by the statements on the shards.
  Shop: { kind: "reference" },
  Site: { kind: "reference" },
  SiteApiKey: { kind: "reference" },
  Test: { kind: "reference" },
  TestGroup: { kind: "reference" },
  Arm: { kind: "reference" },
  Goal: { kind: "reference" },
  SelectorCheck: { kind: "reference" },
  StaffAddress: { kind: "reference" },
  // Bookkeeping of the app itself, keyed by its own ids.
  Session: { kind: "local" },
  UsedCheckToken: { kind: "local" },
  WebhookDelivery: { kind: "local" },
  OutboxEmail: { kind: "local" },
};

/** The distributed tables, by name, with their distribution column. */
export const DISTRIBUTED = new Map(Object.entries(LAYOUT).flatMap(([name, t]) => (t.kind === "distributed" ? [[name, t.by]] : [])));

/** Each model of a Prisma schema's text: its fields, and its keys (@id, @@id, @unique, @@unique) as column lists. */
export function readModels(schema) {
  const models = [];
  for (const match of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const [, name, body] = match;
    const fields = [];
    const keys = [];
    for (const raw of body.split("\n")) {
      const line = raw.replace(/\/\/.*$/, "").trim();
      const block = /^@@(id|unique)\s*\(\s*(?:fields\s*:\s*)?\[([^\]]*)\]/.exec(line);
      if (block) {
        keys.push({ kind: `@@${block[1]}`, columns: block[2].split(",").map((c) => c.trim().replace(/\(.*$/, "")).filter(Boolean) });
        continue;
      }
      const field = /^(\w+)\s+\S+/.exec(line);
      if (!field || line.startsWith("@@")) continue;
      fields.push(field[1]);
      for (const attribute of line.matchAll(/@(id|unique)\b/g)) keys.push({ kind: `@${attribute[1]}`, columns: [field[1]] });
    }
    models.push({ name, fields, keys });
  }
  return models;
}

/** What keeps the schema from being distributed as LAYOUT says: one sentence per problem, none when it fits. */
export function layoutProblems(schema, layout = LAYOUT) {
  const problems = [];
  const models = readModels(schema);
  for (const model of models) {
    const place = layout[model.name];
    if (!place) {
      problems.push(`${model.name}: not classified in scripts/database-layout.mjs LAYOUT (distributed by a column, reference or local)`);
      continue;
    }
    if (place.kind !== "distributed") continue;
    if (!model.fields.includes(place.by)) problems.push(`${model.name}: distributed by ${place.by}, which it has no field for`);
    if (!model.keys.some((k) => k.kind.endsWith("id"))) problems.push(`${model.name}: a distributed table needs a primary key leading with ${place.by}`);
    for (const key of model.keys) {
      if (key.columns[0] !== place.by) {
        problems.push(`${model.name}: ${key.kind}([${key.columns.join(", ")}]) does not lead with ${place.by}, its distribution column`);
      }
    }
    if (place.colocateWith && layout[place.colocateWith]?.by !== place.by) {
      problems.push(`${model.name}: co-located with ${place.colocateWith}, which is not distributed by ${place.by}`);
    }
  }
  const names = new Set(models.map((m) => m.name));
  for (const name of Object.keys(layout)) if (!names.has(name)) problems.push(`${name}: in LAYOUT but not a model of the schema`);
  return problems;
}

/** The statements that distribute the tables as LAYOUT says (run once, on the coordinator, after the migrations). */
export function citusStatements(layout = LAYOUT) {
  const lines = [];
  for (const [name, t] of Object.entries(layout)) {
    if (t.kind === "reference") lines.push(`SELECT create_reference_table('"${name}"');`);
  }
  for (const [name, t] of Object.entries(layout)) {
    if (t.kind !== "distributed") continue;
    const colocate = t.colocateWith ? `, colocate_with => '"${t.colocateWith}"'` : "";
    lines.push(`SELECT create_distributed_table('"${name}"', '${t.by}'${colocate});`);
  }
  return lines;
}

const KEYWORDS = new Set(["where", "on", "set", "join", "left", "right", "inner", "cross", "full", "using", "values", "select",
  "group", "order", "limit", "returning", "as", "and", "or", "union", "on", "natural", "lateral", "default"]);

/**
 * The sites a statement touches in the distributed tables, and why it does not touch exactly one: a Citus
 * coordinator routes a statement to one shard when each distributed table in it is held to one value of its
 * distribution column. The rule, checked on the statement's text and parameters:
 * - every reference to a distributed table (FROM, JOIN, UPDATE, DELETE FROM) is held to a parameter,
 *   `alias."siteId" = $n`, or joined on its column to a reference that is (`a."siteId" = b."siteId"`) or to keys
 *   passed as arrays (`unnest(…) AS k("siteId", …)`, each key's row to its own site);
 * - every row an INSERT writes carries the same value: its VALUES parameters, the rows of a JSON parameter
 *   (jsonb_to_recordset) naming the column, or the column's array among `unnest(…) AS r(…)`'s;
 * - all those values are one.
 * Statements naming no distributed table answer { tables: [] }: reference and local tables are not checked.
 */
export function statementSites(text, params = []) {
  const sql = text.replace(/\s+/g, " ").replace(/"public"\./g, "");
  const tables = [];
  const held = new Map(); // alias → its distribution column
  const refRe = /\b(FROM|JOIN|INTO|UPDATE)\s+"(\w+)"(?:\s+(?:AS\s+)?("?)(\w+)\3)?/gi;
  for (const m of sql.matchAll(refRe)) {
    const [, verb, table, , maybeAlias] = m;
    const column = DISTRIBUTED.get(table);
    if (!column) continue;
    tables.push(table);
    if (verb.toUpperCase() === "INTO") continue;
    const alias = maybeAlias && !KEYWORDS.has(maybeAlias.toLowerCase()) ? maybeAlias : table;
    held.set(alias, column);
  }
  if (tables.length === 0) return { tables, sites: [], problems: [], routed: true };
  const problems = [];
  const sites = new Set();
  const value = (n) => params[Number(n) - 1];
  const columns = [...new Set(DISTRIBUTED.values())].join("|");
  // Equalities on a distribution column: to a parameter, a literal, or another alias's column.
  const parent = new Map();
  const find = (x) => (parent.get(x) === undefined || parent.get(x) === x ? x : find(parent.get(x)));
  const union = (a, b) => parent.set(find(a), find(b));
  const qualified = `(?:"?(\\w+)"?\\.)?"(${columns})"`;
  const onlyAlias = held.size === 1 ? [...held.keys()][0] : null;
  const aliasOf = (a) => a ?? onlyAlias ?? "?";
  for (const m of sql.matchAll(new RegExp(`${qualified}\\s*=\\s*(?:\\$(\\d+)|'([^']*)')`, "g"))) {
    const [, alias, , param, literal] = m;
    const site = param ? value(param) : literal;
    sites.add(site);
    union(aliasOf(alias), "$site");
  }
  for (const m of sql.matchAll(new RegExp(`${qualified}\\s*=\\s*ANY\\s*\\(\\s*\\$(\\d+)`, "g"))) {
    const [, alias, , param] = m;
    for (const site of [value(param)].flat()) sites.add(site);
    union(aliasOf(alias), "$site");
  }
  for (const m of sql.matchAll(new RegExp(`${qualified}\\s*=\\s*${qualified}`, "g"))) union(aliasOf(m[1]), aliasOf(m[3]));
  // Rows handed over as arrays (`unnest($a::text[], …) AS k("siteId", …)`): every element of the distribution
  // column's array is a site the statement touches, and a table joined on its column to such a key alias is held
  // to those sites (each row to its own), as rows an INSERT writes are.
  for (const m of sql.matchAll(/unnest\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s+AS\s+(\w+)\s*\(([^)]*)\)/gi)) {
    const arrays = [...m[1].matchAll(/\$(\d+)/g)].map((p) => p[1]);
    const names = m[3].split(",").map((c) => c.trim().replace(/"/g, ""));
    names.forEach((name, i) => {
      if (![...DISTRIBUTED.values()].includes(name) || arrays[i] === undefined) return;
      for (const site of [value(arrays[i])].flat()) sites.add(site);
      union(m[2], "$keys");
    });
  }
  // Held through key arrays only: each row stays on its site's shard, but a coordinator cannot route the
  // statement to one shard from its text (it sends it to every shard), so `routed` is false.
  let routed = true;
  for (const [alias, column] of held) {
    if (find(alias) === find("$keys") && find(alias) !== find("$site")) {
      routed = false;
      continue;
    }
    if (find(alias) !== find("$site")) problems.push(`"${alias}" is not held to one ${column}: no ${alias}."${column}" = $n, nor a join on ${column} to a table that is`);
  }
  // INSERT … VALUES: the parameter in the distribution column's place of every row.
  for (const m of sql.matchAll(/INSERT INTO "(\w+)" \(([^)]*)\) VALUES ((?:\([^()]*\)(?:\s*,\s*)?)+)/gi)) {
    const column = DISTRIBUTED.get(m[1]);
    if (!column) continue;
    const at = m[2].split(",").map((c) => c.trim().replace(/"/g, "")).indexOf(column);
    for (const row of m[3].matchAll(/\(([^()]*)\)/g)) {
      const cell = row[1].split(",")[at]?.trim() ?? "";
      const param = /^\$(\d+)/.exec(cell);
      if (param) sites.add(value(param[1]));
      else problems.push(`an INSERT into "${m[1]}" writes ${column} ${cell || "(none)"}, not a parameter`);
    }
  }
  // Rows handed over as JSON (jsonb_to_recordset): every row's distribution column.
  for (const param of params) {
    if (typeof param !== "string" || !param.startsWith("[")) continue;
    let rows;
    try {
      rows = JSON.parse(param);
    } catch {
      continue;
    }
    if (!Array.isArray(rows)) continue;
    for (const row of rows) {
      for (const column of DISTRIBUTED.values()) if (row && typeof row === "object" && column in row) sites.add(row[column]);
    }
  }
  if (sites.size === 0) problems.push("names no site: no distribution column compared with a parameter, no row carrying one");
  if (sites.size > 1) problems.push(`touches ${sites.size} sites (${[...sites].slice(0, 4).join(", ")}${sites.size > 4 ? ", …" : ""})`);
  return { tables: [...new Set(tables)], sites: [...sites], problems, routed };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const schema = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "prisma", "schema.prisma"), "utf8");
  const problems = layoutProblems(schema);
  for (const problem of problems) console.error(`layout: ${problem}`);
  console.log(citusStatements().join("\n"));
  process.exit(problems.length === 0 ? 0 : 1);
}
