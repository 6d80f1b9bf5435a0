// The results CSV over HTTP: the demo shop's test exports what was collected; nobody else's test does.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse } from "~/wire";
import { databaseKinds, withDatabase, oneDatabaseKind } from "../support/databases";
import { seedShop, seedSite, seedTest } from "../support/seed";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { formulaCells, parseCsv } from "../support/csv";
import { batch, conversion, exposure, getPatches, newId, postBatch } from "../support/snippet-client";

describe.each(databaseKinds)("results CSV export (%s)", (kind) => {
  const ctx = useServer(kind, { SVC_DEMO: "1" });
  const posted = new Map<string, { visitors: number; signups: number }>();

  beforeAll(async () => {
    for (let i = 0; i < 24; i++) {
      const vid = newId();
      const body = (await (await getPatches(ctx.server.url, "demo", vid)).json()) as PatchesResponse;
      const arm = body.tests[0]?.arm as string;
      const converts = i % 3 === 0;
      const events = [exposure("demo-headline", arm), ...(converts ? [conversion("signup")] : [])];
      expect((await postBatch(ctx.server.url, batch("demo", vid, newId(), events))).status).toBe(200);
      const counts = posted.get(arm) ?? { visitors: 0, signups: 0 };
      posted.set(arm, { visitors: counts.visitors + 1, signups: counts.signups + (converts ? 1 : 0) });
    }
  });

  it("exports one row per goal and arm with the collected counts", async () => {
    const res = await fetch(`${ctx.server.url}/app/tests/demo-headline/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="svc-demo-headline-results\.csv"/);
    const [header, ...rows] = parseCsv(await res.text());
    const col = (name: string) => header?.indexOf(name) ?? -1;
    const signup = rows.filter((r) => r[col("goal")] === "signup");
    expect(signup).toHaveLength(2);
    for (const row of signup) {
      const counts = posted.get(row[col("arm_id")] ?? "") ?? { visitors: 0, signups: 0 };
      expect(Number(row[col("visitors")])).toBe(counts.visitors);
      expect(Number(row[col("conversions")])).toBe(counts.signups);
    }
  });

  it("exports the daily variant from the rollups", async () => {
    const [header, ...rows] = parseCsv(await (await fetch(`${ctx.server.url}/app/tests/demo-headline/export.csv?daily=1`)).text());
    expect(header).toContain("sessions_exposed");
    const exposed = rows.filter((r) => r[header?.indexOf("goal") ?? -1] === "").reduce((s, r) => s + Number(r[header?.indexOf("exposed_visitors") ?? -1]), 0);
    expect(exposed).toBe(24);
  });

  it("plants no formula: a shopper's goal label x;=1+2;y reads as text however the spreadsheet splits", async () => {
    const label = "x;=1+2;y";
    const vid = newId();
    const body = (await (await getPatches(ctx.server.url, "demo", vid)).json()) as PatchesResponse;
    const arm = body.tests[0]?.arm as string;
    expect((await postBatch(ctx.server.url, batch("demo", vid, newId(), [exposure("demo-headline", arm), conversion(label), conversion("=HYPERLINK(\"https://evil.test\",\"x\")")]))).status).toBe(200);
    const text = await (await fetch(`${ctx.server.url}/app/tests/demo-headline/export.csv?daily=1`)).text();
    expect(text).toContain(`"x;'=1+2;y"`);
    const [header, ...rows] = parseCsv(text);
    expect(rows.map((r) => r[header?.indexOf("goal") ?? -1])).toContain("x;'=1+2;y");
    expect(formulaCells(text)).toEqual([]);
    expect(formulaCells(await (await fetch(`${ctx.server.url}/app/tests/demo-headline/export.csv`)).text())).toEqual([]);
  });

  it("answers 404 for a test that is not the shop's", async () => {
    expect((await fetch(`${ctx.server.url}/app/tests/no-such-test/export.csv`)).status).toBe(404);
    if (kind !== "postgres") return;
    // Another shop's test, written while the server runs (PostgreSQL admits more than one process).
    await withDatabase(ctx.db, async (sql) => {
      await seedShop(sql, { domain: "other.myshopify.com" });
      await seedSite(sql, { shop: "other.myshopify.com", id: "othersite" });
      await seedTest(sql, { id: "other-test", site: "othersite", name: "Secret" });
    });
    const res = await fetch(`${ctx.server.url}/app/tests/other-test/export.csv`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Secret");
  });
});

describe("results CSV export without a session", () => {
  const ctx = useServer(oneDatabaseKind, { ...SHOPIFY_TEST_ENV });

  it("does not export anything", async () => {
    const res = await fetch(`${ctx.server.url}/app/tests/demo-headline/export.csv`, {
      headers: { "User-Agent": "Mozilla/5.0 Chrome/156" },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(await res.text()).not.toContain("visitors");
  });
});
