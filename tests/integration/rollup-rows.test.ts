// The results' rollup rows (app/models/results/results.server.ts, readRollupRows) read both ways on both
// databases: a field per cell (PostgreSQL's way) and the whole set as one JSON text (PGlite's), so that each
// database is held to both statements and the two give the same rows, NULL kept as unknown, sums exact and a key's
// parts summed.
import { describe, expect, it } from "vitest";
import { readRollupRows, rollupRowsForm } from "~/models/results/results.server";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { seedRows, seedShop, seedSite, seedTest } from "../support/seed";

describe.each(databaseKinds)("rollup rows read for the results (%s)", (kind) => {
  const app = useAppInProcess(kind);

  it("answers the same rows a field per cell and as one JSON text, sums exact and NULL kept", async () => {
    await seedShop(app.sql, { domain: "rollup-rows.myshopify.com" });
    await seedSite(app.sql, { shop: "rollup-rows.myshopify.com", id: "rollup-rows-site" });
    await seedTest(app.sql, { site: "rollup-rows-site", id: "t-rows", status: "running" });
    await seedTest(app.sql, { site: "rollup-rows-site", id: "t-other", status: "running" });
    const row = { siteId: "rollup-rows-site", testId: "t-rows", armId: "t-rows-a", currency: "USD" };
    await seedRows(app.sql, "DailyRollup", [
      { ...row, goal: "", day: "2026-12-01", currency: "", exposures: 2_000_000_000, exposedVisitors: 1_999_999_999 },
      // A goal label a JSON text must escape, and sums whose float8 must come back to the last digit.
      { ...row, goal: 'say "hi" \\ é', day: "2026-12-01", conversions: 3, revenue: "1234567.8901", revenueSquares: "0.0001", covariateSum: null },
      { ...row, armId: "t-rows-b", goal: "signup", day: "2026-12-02", conversions: 1, revenue: "0.1", covariateSum: "-2.5", covariateSquares: "1" },
      // A writer's part of the same key, not yet folded (docs/database.md, "Rollup parts"): summed, its NULL kept.
      { ...row, armId: "t-rows-b", goal: "signup", day: "2026-12-02", part: 5, conversions: 2, revenue: "0.5", covariateSum: null, covariateSquares: "2" },
      { ...row, testId: "t-other", goal: "signup", day: "2026-12-02", conversions: 9 },
    ]);
    const byKey = (rows: Awaited<ReturnType<typeof readRollupRows>>) => [...rows].sort((a, b) => `${a.armId}${a.goal}`.localeCompare(`${b.armId}${b.goal}`));
    const fields = byKey(await readRollupRows("rollup-rows-site", "t-rows", "fields"));
    const json = byKey(await readRollupRows("rollup-rows-site", "t-rows", "json"));
    expect(json).toEqual(fields);
    expect(fields.map((r) => [r.armId, r.goal, r.day, r.currency])).toEqual([
      ["t-rows-a", "", "2026-12-01", ""],
      ["t-rows-a", 'say "hi" \\ é', "2026-12-01", "USD"],
      ["t-rows-b", "signup", "2026-12-02", "USD"],
    ]);
    expect(fields[0]).toMatchObject({ exposures: 2_000_000_000, exposedVisitors: 1_999_999_999, conversions: 0, revenue: 0 });
    expect(fields[1]).toMatchObject({ conversions: 3, revenue: 1234567.8901, revenueSquares: 0.0001, covariateSum: null });
    expect(fields[2]).toMatchObject({ conversions: 3, revenue: 0.6, covariateSum: null, covariateSquares: 3 });
    expect(await readRollupRows("rollup-rows-site", "t-none", "json")).toEqual([]);
    expect(await readRollupRows("rollup-rows-site", "t-none", "fields")).toEqual([]);
  });

  it("reads PGlite's rows as one JSON text and PostgreSQL's a field per cell", async () => {
    expect(await rollupRowsForm()).toBe(kind === "pglite" ? "json" : "fields");
  });
});
