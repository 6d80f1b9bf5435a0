// prisma/schema.prisma as a distributed PostgreSQL would take it: every model placed (distributed by a column,
// reference or local), every key of a distributed table leading with its column; and the statement rule the
// ingestion test applies to the writer's SQL, on statements written here to pass and to fail it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { citusStatements, LAYOUT, layoutProblems, readModels, statementSites } from "./database-layout.mjs";

const schema = readFileSync("prisma/schema.prisma", "utf8");

describe("the schema's layout", () => {
  it("places every model and leads every key of a distributed table with its distribution column", () => {
    expect(layoutProblems(schema)).toEqual([]);
  });

  it("reads the keys it judges: block and field attributes, composite and single", () => {
    const models = new Map(readModels(schema).map((m) => [m.name, m]));
    expect(models.get("DailyRollup")?.keys).toEqual([{ kind: "@@id", columns: ["siteId", "testId", "armId", "goal", "day", "currency", "part"] }]);
    expect(models.get("Site")?.keys).toEqual([{ kind: "@id", columns: ["id"] }, { kind: "@unique", columns: ["publicId"] }]);
    expect(models.get("OutboxEmail")?.keys).toContainEqual({ kind: "@@unique", columns: ["shopId", "dedupeKey"] });
    expect(models.size).toBe(Object.keys(LAYOUT).length);
  });

  it("fails a distributed table whose key or unique constraint does not lead with its column", () => {
    const swapped = schema.replace("@@id([siteId, eventId])\n  @@index([siteId, occurredAt])", "@@id([eventId, siteId])\n  @@index([siteId, occurredAt])");
    expect(swapped).not.toBe(schema);
    expect(layoutProblems(swapped)).toEqual(["Event: @@id([eventId, siteId]) does not lead with siteId, its distribution column"]);
    const unique = schema.replace("model Conversion {\n  siteId     String\n  eventId    String", "model Conversion {\n  siteId     String\n  eventId    String @unique");
    expect(unique).not.toBe(schema);
    expect(layoutProblems(unique)).toEqual(["Conversion: @unique([eventId]) does not lead with siteId, its distribution column"]);
  });

  it("fails a model nobody placed, and a placement of a model that is gone", () => {
    const added = `${schema}\nmodel PageTiming {\n  siteId String\n  id     String\n\n  @@id([siteId, id])\n}\n`;
    expect(layoutProblems(added)).toEqual([expect.stringMatching(/^PageTiming: not classified/)]);
    const { Refund: _gone, ...rest } = LAYOUT;
    expect(layoutProblems(schema, { ...rest, Refunds: { kind: "reference" } })).toEqual([
      expect.stringMatching(/^Refund: not classified/),
      "Refunds: in LAYOUT but not a model of the schema",
    ]);
  });

  it("prints a create_distributed_table for each distributed table, reference tables first", () => {
    const lines = citusStatements();
    expect(lines).toContain(`SELECT create_distributed_table('"Exposure"', 'siteId', colocate_with => '"Event"');`);
    expect(lines).toContain(`SELECT create_distributed_table('"Refund"', 'shopId', colocate_with => '"Order"');`);
    expect(lines.findIndex((l) => l.includes("create_distributed_table"))).toBeGreaterThan(lines.findLastIndex((l) => l.includes("create_reference_table")));
  });
});

describe("statementSites", () => {
  it("passes a statement held to one site, a join on the column, and rows of one site", () => {
    expect(statementSites(`SELECT * FROM "Exposure" e JOIN "Conversion" c ON c."siteId" = e."siteId" WHERE e."siteId" = $1`, ["s1"]))
      .toEqual({ tables: ["Exposure", "Conversion"], sites: ["s1"], problems: [], routed: true });
    expect(statementSites(`SELECT "public"."DailyRollup"."goal" FROM "public"."DailyRollup" WHERE ("public"."DailyRollup"."siteId" = $1 AND "public"."DailyRollup"."testId" = $2)`, ["s1", "t"]).problems).toEqual([]);
    const rows = JSON.stringify([{ siteId: "s1", eventId: "a" }, { siteId: "s1", eventId: "b" }]);
    expect(statementSites(`INSERT INTO "Event" ("siteId", "eventId") SELECT r."siteId", r."eventId" FROM jsonb_to_recordset($1::jsonb) AS r("siteId" text, "eventId" text)`, [rows]).problems).toEqual([]);
    const arrays = `INSERT INTO "Event" ("siteId", "eventId", "occurredAt") SELECT r."siteId", r."eventId", r."occurredAt" FROM unnest($1::text[], $2::text[], $3::timestamp(3)[]) AS r("siteId", "eventId", "occurredAt")`;
    expect(statementSites(arrays, [["s1", "s1"], ["a", "b"], ["2026-12-06T00:00:00.000Z", null]])).toEqual({ tables: ["Event"], sites: ["s1"], problems: [], routed: true });
    // Keys passed as arrays hold a table joined to them, each row to its own site, but no coordinator can route that.
    const byKeys = `SELECT c."eventId" FROM unnest($1::text[], $2::text[]) AS k("siteId", "eventId") CROSS JOIN LATERAL (SELECT c."eventId" FROM "Conversion" c WHERE c."siteId" = k."siteId" AND c."eventId" = k."eventId") c`;
    expect(statementSites(byKeys, [["s1", "s2"], ["a", "b"]])).toEqual({ tables: ["Conversion"], sites: ["s1", "s2"], problems: ["touches 2 sites (s1, s2)"], routed: false });
    expect(statementSites(byKeys.replace('c."siteId" = k."siteId"', 'c."siteId" = $3'), [["s1"], ["a"], "s1"])).toMatchObject({ sites: ["s1"], problems: [], routed: true });
    expect(statementSites(`INSERT INTO "public"."SiteSegmentValue" ("siteId","dimension","value") VALUES ($1,$2,$3)`, ["s1", "market", "x"]).problems).toEqual([]);
    expect(statementSites(`SELECT 1 FROM "Site" WHERE id = $1`, ["s1"]).tables).toEqual([]);
  });

  it("fails rows of two sites, a join off the column, a table held to no site, and two sites' parameters", () => {
    const rows = JSON.stringify([{ siteId: "s1", eventId: "a" }, { siteId: "s2", eventId: "b" }]);
    expect(statementSites(`INSERT INTO "Event" ("siteId", "eventId") SELECT r."siteId", r."eventId" FROM jsonb_to_recordset($1::jsonb) AS r("siteId" text, "eventId" text)`, [rows]).problems)
      .toEqual(["touches 2 sites (s1, s2)"]);
    expect(statementSites(`SELECT * FROM "Exposure" e JOIN "Conversion" c ON c."visitorId" = e."visitorId" WHERE e."siteId" = $1`, ["s1"]).problems)
      .toEqual([`"c" is not held to one siteId: no c."siteId" = $n, nor a join on siteId to a table that is`]);
    const recordset = `SELECT * FROM jsonb_to_recordset($1::jsonb) AS k("siteId" text, "eventId" text) JOIN "Conversion" c ON c."siteId" = k."siteId" AND c."eventId" = k."eventId"`;
    expect(statementSites(recordset, [JSON.stringify([{ siteId: "s1", eventId: "a" }])]).problems)
      .toEqual([`"c" is not held to one siteId: no c."siteId" = $n, nor a join on siteId to a table that is`]);
    const arrays = `INSERT INTO "Event" ("eventId", "siteId") SELECT r."eventId", r."siteId" FROM unnest($1::text[], $2::text[]) AS r("eventId", "siteId")`;
    expect(statementSites(arrays, [["a", "b"], ["s1", "s2"]]).problems).toEqual(["touches 2 sites (s1, s2)"]);
    expect(statementSites(`SELECT DISTINCT "siteId", goal FROM "DailyRollup" WHERE "siteId" = ANY($1::text[])`, [["s1", "s2"]]).problems)
      .toEqual(["touches 2 sites (s1, s2)"]);
  });
});
