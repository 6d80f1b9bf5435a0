// GET /api/v1/results on the real server: the CSV export's numbers as JSON for a site API key; 401 without a
// key or with a revoked one, 404 for another site's test (as for no test), 400 for a malformed query, and the
// JSON equal, cell for cell, to the CSV the admin downloads (summary and daily).
import { beforeAll, describe, expect, it } from "vitest";
import { RESULTS_SCENARIOS } from "~/demo/results-scenarios";
import { parseCsv } from "../support/csv";
import { databaseKinds } from "../support/databases";
import { loaderData, postAction } from "../support/admin-route-data";
import { seedRows, seedSite, seedTest, ago } from "../support/seed";
import { adminFetch, useShopifyServer } from "../support/shopify";

const SHOP = "svc-feed.myshopify.com";
const OTHER_SITE = "feed-other";
const SHIP = RESULTS_SCENARIOS.find((s) => s.state === "ship")!;

/** A CSV cell as the JSON value it should be: text as it is (goal "" is the exposures row), else "" is null. */
function asJson(cell: string, json: unknown): unknown {
  if (typeof json === "string") return cell;
  if (cell === "") return null;
  if (typeof json === "boolean") return cell === "true";
  if (typeof json === "number") return Number(cell);
  return cell;
}

describe.each(databaseKinds)("results feed (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  let site = "";
  let key = "";
  const feed = (query: string, bearer: string | null = key) =>
    fetch(`${url()}/api/v1/results?${query}`, { headers: bearer === null ? {} : { Authorization: `Bearer ${bearer}` } });

  beforeAll(async () => {
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    site = (await loaderData(url(), SHOP, "/app/sites", "routes/app.sites._index")).data.sites[0].id;
    await ctx.sql(async (sql) => {
      const [storefront] = await sql.query<{ id: string; publicId: string }>(`SELECT id, "publicId" FROM "Site" WHERE "publicId" = $1`, [site]);
      await seedTest(sql, { id: SHIP.id, site, name: 'Spring, "sale"', status: "running", startedAt: ago("30 days"), pages: ["/"], goals: [SHIP.goal] });
      await seedRows(sql, "DailyRollup", SHIP.rows(new Date().toISOString().slice(0, 10)).map((r) => ({ ...r, siteId: storefront!.id, testId: SHIP.id })));
      // The same shop's other site, whose test the storefront's key must not reach.
      await seedSite(sql, { shop: SHOP, id: OTHER_SITE });
      await seedTest(sql, { id: "feed-elsewhere", site: OTHER_SITE, status: "running", pages: ["/"], goals: ["signup"] });
    });
    const created = await postAction(url(), SHOP, `/app/sites/${site}`, { intent: "create-key", name: "BI" });
    expect(created.status).toBe(201);
    key = created.data.key.key;
  });

  it("answers the summary CSV's rows as JSON, cell for cell", async () => {
    const res = await feed(`test=${SHIP.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    const body = await res.json();
    expect(body).toMatchObject({ api_version: "v1", kind: "summary", test: { id: SHIP.id, name: 'Spring, "sale"', status: "running", site } });
    const [header, ...rows] = parseCsv(await (await adminFetch(url(), SHOP, `/app/tests/${SHIP.id}/export.csv`)).text()).filter((r) => r.length > 1);
    expect(body.columns).toEqual(header);
    expect(body.rows).toHaveLength(rows.length);
    expect(rows.length).toBeGreaterThan(1);
    rows.forEach((row, i) => {
      const record = body.rows[i];
      header!.forEach((column, c) => expect([column, record[column]]).toEqual([column, asJson(row[c]!, record[column])]));
    });
    // Not all empty: the numbers the page shows are there.
    expect(body.rows.some((r: { visitors: number }) => r.visitors > 0)).toBe(true);
  });

  it("writes every figure at a fixed precision, in the JSON and the CSV alike: money to four decimals, any other to six significant digits", async () => {
    const body = await (await feed(`test=${SHIP.id}`)).json();
    const [header, ...rows] = parseCsv(await (await adminFetch(url(), SHOP, `/app/tests/${SHIP.id}/export.csv`)).text()).filter((r) => r.length > 1);
    const atPrecision = (n: number) => Number(n.toPrecision(6)) === n || Number(n.toFixed(4)) === n;
    const numbers = body.rows.flatMap((r: Record<string, unknown>) => Object.entries(r).filter((e): e is [string, number] => typeof e[1] === "number"));
    for (const [column, n] of numbers) expect([column, n, atPrecision(n)]).toEqual([column, n, true]);
    for (const row of rows)
      row.forEach((cell, c) => {
        if (/^-?[\d.]+(e-?\d+)?$/.test(cell)) expect([header![c], cell, atPrecision(Number(cell))]).toEqual([header![c], cell, true]);
      });
    // The computed figures are there, and none of them was a round number to begin with.
    const variant = body.rows.find((r: { is_control: boolean; primary_goal: boolean }) => !r.is_control && r.primary_goal);
    // Revenue per visitor's lift and interval (the shipped variant's orders earn it revenue), then what decided and
    // profit per visitor's comparison, the last columns.
    expect(body.columns.slice(-8)).toEqual([
      "revenue_per_visitor_lift", "revenue_per_visitor_lift_ci_low", "revenue_per_visitor_lift_ci_high",
      "decision_metric", "profit_per_visitor_lift", "profit_per_visitor_lift_ci_low", "profit_per_visitor_lift_ci_high", "profit_per_visitor_p_value",
    ]);
    // Not a price test: conversion rate decides, while its costed orders give profit per visitor's comparison beside it.
    expect(variant.decision_metric).toBe("conversion rate");
    expect(typeof variant.profit_per_visitor_lift).toBe("number");
    expect(variant.profit_per_visitor_lift_ci_low).toBeLessThan(variant.profit_per_visitor_lift);
    expect(variant.revenue_per_visitor_lift).toBeGreaterThan(0);
    expect(variant.revenue_per_visitor_lift_ci_low).toBeLessThan(variant.revenue_per_visitor_lift);
    const computed = ["conversion_rate", "lift", "lift_ci_low", "lift_ci_high", "p_value", "chance_to_win", "revenue_per_visitor_lift", "revenue_per_visitor_lift_ci_high"];
    for (const column of computed) expect([column, typeof variant[column], Number.isInteger(variant[column])]).toEqual([column, "number", false]);
    // 470 of 8,400 is 0.05595238095238095 as a float: written to its sixth digit.
    const rate = variant.converting_visitors / variant.visitors;
    expect(String(rate).length).toBeGreaterThan(12);
    expect(variant.conversion_rate).toBe(Number(rate.toPrecision(6)));
  });

  it("answers the daily CSV's rows with daily=1", async () => {
    const body = await (await feed(`test=${SHIP.id}&daily=1`)).json();
    const [header, ...rows] = parseCsv(await (await adminFetch(url(), SHOP, `/app/tests/${SHIP.id}/export.csv?daily=1`)).text()).filter((r) => r.length > 1);
    expect(body.kind).toBe("daily");
    expect(body.columns).toEqual(header);
    expect(body.rows.map((r: Record<string, unknown>) => header!.map((column) => r[column]))).toEqual(
      rows.map((row, i) => row.map((cell, c) => asJson(cell, body.rows[i][header![c]!]))),
    );
  });

  it("answers 401 without a key or with an unknown one, 404 for another site's test and for none, 400 for a bad query", async () => {
    const none = await feed(`test=${SHIP.id}`, null);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="svc"');
    expect((await none.json()).type).toMatch(/\/missing-api-key$/);
    expect((await (await feed(`test=${SHIP.id}`, "svc_sk_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")).json()).type).toMatch(/\/invalid-api-key$/);
    const elsewhere = await feed("test=feed-elsewhere");
    expect(elsewhere.status).toBe(404);
    const missing = await feed("test=no-such-test");
    expect(missing.status).toBe(404);
    expect(await elsewhere.json()).toEqual(await missing.json());
    for (const query of ["", "test=", `test=${"x".repeat(65)}`, "test=a%27b", `test=${SHIP.id}&daily=yes`]) {
      const bad = await feed(query);
      expect([query, bad.status]).toEqual([query, 400]);
      expect((await bad.json()).type).toMatch(/\/invalid-query$/);
    }
    expect((await fetch(`${url()}/api/v1/results?test=${SHIP.id}`, { method: "POST", headers: { Authorization: `Bearer ${key}` } })).status).toBe(405);
  });

  it("stops answering once the key is revoked", async () => {
    const keys = (await loaderData(url(), SHOP, `/app/sites/${site}`, "routes/app.sites.$siteId")).data.keys as Array<{ id: string }>;
    expect((await postAction(url(), SHOP, `/app/sites/${site}`, { intent: "revoke-key", keyId: keys[0]!.id })).status).toBeLessThan(300);
    expect((await feed(`test=${SHIP.id}`)).status).toBe(401);
  });
});
