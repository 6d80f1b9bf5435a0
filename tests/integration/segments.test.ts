// Segments end to end on the real server and database: a batch's exposure takes its visitor's segment from the
// request (User-Agent, the trusted country header) and the snippet's landing facts (`l`), stores it on the
// exposure as classes only, and adds SegmentRollup rows; the visitor's conversions, from the snippet or a Shopify
// order, count in that segment; a resent batch counts once; the results page and the CSV show the breakdown.
import { beforeAll, describe, expect, it } from "vitest";
import type { PatchesResponse, SvcEvent } from "~/wire";
import { loaderData } from "../support/admin-route-data";
import { databaseKinds } from "../support/databases";
import { SEGMENT_ROWS_BY_DIMENSION } from "../support/recount";
import { seedRows, seedTest, storefrontSite, type SiteRef } from "../support/seed";
import { adminFetch, sendWebhook, useShopifyServer } from "../support/shopify";
import { orderPayload } from "../support/shopify-webhooks";
import { batch, conversion, exposure, getPatches, newId } from "../support/snippet-client";

const SHOP = "svc-segments.myshopify.com";
const TEST = "segments-test";
/** A valued goal the browser may report on a Shopify site (its purchases come from signed orders only). */
const GIFT = "gift_card";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

describe.each(databaseKinds)("segments (%s)", (kind) => {
  const ctx = useShopifyServer(kind, { SVC_COUNTRY_HEADER: "cf-ipcountry" });
  const url = () => ctx.server.url;
  let site: SiteRef;

  async function armOf(vid: string): Promise<string> {
    const body = (await (await getPatches(url(), site.publicId, vid)).json()) as PatchesResponse;
    const arm = body.tests.find((t) => t.test === TEST)?.arm;
    if (!arm) throw new Error(`visitor ${vid} has no arm: ${JSON.stringify(body)}`);
    return arm;
  }
  const send = (vid: string, sid: string, events: SvcEvent[], init: { l?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${url()}/api/collect`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8", ...init.headers },
      body: JSON.stringify({ ...batch(site.publicId, vid, sid, events), shop: SHOP, ...(init.l !== undefined && { l: init.l }) }),
    });
  const segmentRows = () =>
    ctx.sql((sql) =>
      sql.query<{ armId: string; goal: string; dimension: string; value: string; v: number; c: number; n: number; r: number }>(
        `SELECT "armId", goal, dimension, value, sum("exposedVisitors")::int AS v, sum("convertingVisitors")::int AS c, sum(conversions)::int AS n,
                sum(revenue)::float8 AS r
           FROM ${SEGMENT_ROWS_BY_DIMENSION} s WHERE "testId" = $1 GROUP BY 1, 2, 3, 4 ORDER BY goal, dimension, value`,
        [TEST],
      ),
    );

  beforeAll(async () => {
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      site = await storefrontSite(sql, SHOP);
      // A market the site already counts: a new handle counts as itself only once shown from many networks (abuse-audience-segments.test.ts).
      await seedRows(sql, "SiteSegmentValue", [{ siteId: site.id, dimension: "market", value: "europe", admitted: true }]);
      await seedTest(sql, { id: TEST, site: site.publicId, status: "running", pages: ["/demo"], goals: ["purchase", GIFT] });
    });
  });

  it("keeps a visitor's segment at first exposure, counts their conversions there, and a resent batch once", async () => {
    const v1 = newId();
    const arm1 = await armOf(v1);
    const events = [exposure(TEST, arm1), conversion(GIFT, 30)];
    const mobile = { l: "&nv=1&ref=www.facebook.com&utm_campaign=spring&a=europe|de|EUR|0", headers: { "User-Agent": IPHONE, "cf-ipcountry": "DE" } };
    const sid1 = newId();
    expect((await send(v1, sid1, events, mobile)).status).toBe(200);
    const resent = await send(v1, sid1, events, mobile);
    expect(await resent.json()).toMatchObject({ accepted: 0, duplicates: 2 });
    // Back later on a desktop: still counted in the first segment.
    expect((await send(v1, newId(), [exposure(TEST, arm1), conversion(GIFT, 10)], { l: "&nv=0&ref=&", headers: { "cf-ipcountry": "FR" } })).status).toBe(200);

    // v2 sends no landing facts (an older snippet) from nowhere known; then buys through a Shopify order.
    const v2 = newId();
    const sid2 = newId();
    const arm2 = await armOf(v2);
    expect((await send(v2, sid2, [exposure(TEST, arm2)])).status).toBe(200);
    const paid = await sendWebhook(url(), "orders/paid", SHOP, orderPayload(9101, { total: "45.00", session: sid2 }));
    expect(await paid.json()).toMatchObject({ status: "recorded", attributedTests: 1 });

    const stored = await ctx.sql((sql) =>
      sql.query<{ visitorId: string; segment: string }>(`SELECT "visitorId", segment FROM "Exposure" WHERE "testId" = $1 ORDER BY "exposedAt"`, [TEST]),
    );
    expect(stored.filter((e) => e.visitorId === v1).map((e) => e.segment)).toEqual(["mobile|new|social|DE|europe", "desktop|returning|direct|FR|unknown"]);
    expect(stored.find((e) => e.visitorId === v2)?.segment).toBe("desktop|unknown|unknown|unknown|unknown");

    const rows = await segmentRows();
    const of = (goal: string, dimension: string) => rows.filter((r) => r.goal === goal && r.dimension === dimension).map((r) => [r.armId, r.value, r.v, r.c, r.n, r.r]);
    expect(of("", "device").sort()).toEqual([[arm1, "mobile", 1, 0, 0, 0], [arm2, "desktop", 1, 0, 0, 0]].sort());
    expect(of(GIFT, "country")).toEqual([[arm1, "DE", 0, 1, 2, 40]]);
    expect(of(GIFT, "market")).toEqual([[arm1, "europe", 0, 1, 2, 40]]);
    expect(of("purchase", "country")).toEqual([[arm2, "unknown", 0, 1, 1, 45]]);
    expect(of("purchase", "market")).toEqual([[arm2, "unknown", 0, 1, 1, 45]]);
    expect(of("", "channel").map((r) => r[1]).sort()).toEqual(["social", "unknown"]);
    // Nothing of the landing beyond its classes is stored.
    expect(JSON.stringify(stored) + JSON.stringify(rows)).not.toMatch(/spring|facebook/);
  });

  it("shows the exploratory card on the results page, its figures when opened, and the segment table in the CSV", async () => {
    const page = await loaderData(url(), SHOP, `/app/tests/${TEST}`, "routes/app.tests.$testId");
    // The page itself reads no segment row: the card's figures come when the merchant opens it.
    expect(page.data.segments).toBeUndefined();
    const html = await (await adminFetch(url(), SHOP, `/app/tests/${TEST}`)).text();
    expect(html).toContain("Segments (exploratory)");
    expect(html).toContain("Show segments");
    const opened = await adminFetch(url(), SHOP, `/app/tests/${TEST}/segments`);
    expect(opened.status).toBe(200);
    const segments = (await opened.json()) as { exploratory: boolean; comparisons: number; confidence: number; dimensions: Array<{ dimension: string; segments: unknown[] }> };
    expect(segments.exploratory).toBe(true);
    expect(segments.dimensions.map((d) => d.dimension)).toEqual(["device", "visitor", "channel", "country", "market"]);
    const missing = await adminFetch(url(), SHOP, `/app/tests/no-such-test/segments`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("json");
    const csv = await (await adminFetch(url(), SHOP, `/app/tests/${TEST}/export.csv?segments=1`)).text();
    expect(csv.split("\r\n")[0]).toContain("dimension,segment,goal");
    expect(csv).toContain(`,country,DE,${GIFT},`);
    expect(csv).toContain(",country,unknown,purchase,");
    // One correction for the whole card: every segment shown of every dimension × variants × goals, on every CSV row.
    const shown = segments.dimensions.reduce((sum, d) => sum + d.segments.length, 0);
    expect(segments.comparisons).toBe(shown * (page.data.arms.length - 1) * page.data.goals.length);
    expect(segments.confidence).toBeCloseTo(1 - page.data.alpha / segments.comparisons, 12);
    const [header, ...lines] = csv.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    const cells = (name: string) => lines.map((line) => line.split(",")[header!.split(",").indexOf(name)]);
    expect(new Set(cells("comparisons"))).toEqual(new Set([String(segments.comparisons)]));
    // A few visitors cannot give a segment the 10 converting visitors an interval needs.
    expect(new Set(cells("lift_ci_low"))).toEqual(new Set([""]));
  });
});
