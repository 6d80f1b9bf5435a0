// Every public route under seeded random and hostile requests (webhooks signed and not, admin forms, raw
// malformed HTTP): no answer ≥ 500, and the server healthy and serving afterwards. `npm run fuzz` runs the
// same with 100,000 requests and prints the table docs/security.md quotes.
import { writeFileSync } from "node:fs";
import { DEMO_API_KEY, DEMO_ARM_IDS, DEMO_SHOP_DOMAIN, DEMO_SHOPIFY_SITE_ID, DEMO_SITE_ID, DEMO_TEST_ID } from "~/demo/constants";
import { describe, expect, it } from "vitest";
import { fuzz, fuzzTable } from "../support/fuzz";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { batch, getPatchesFrom, newId, pageview, postBatch } from "../support/snippet-client";
import { oneDatabaseKind } from "../support/databases";

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

describe("fuzzing every public route", () => {
  const ctx = useServer(oneDatabaseKind, { ...SHOPIFY_TEST_ENV, SVC_DEMO: "1" });

  it(`answers ${REQUESTS} random and hostile requests without a 5xx, and stays healthy`, async () => {
    const report = await fuzz(
      {
        baseUrl: ctx.server.url,
        siteId: DEMO_SITE_ID,
        shop: DEMO_SHOP_DOMAIN,
        secret: SHOPIFY_TEST_ENV.SHOPIFY_API_SECRET,
        apiKey: DEMO_API_KEY,
        testId: DEMO_TEST_ID,
        armId: DEMO_ARM_IDS[1],
        shopifySiteId: DEMO_SHOPIFY_SITE_ID,
      },
      { seed: SEED, requests: REQUESTS, concurrency: 8 },
    );
    console.log(fuzzTable(report));
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 2));
    expect(report.requests).toBe(REQUESTS);
    // Every kind of route was reached, and most requests got an answer.
    expect(Object.keys(report.byRoute).length).toBeGreaterThanOrEqual(15);
    expect(report.serverErrors).toEqual([]);
    // The doors' refusals of forged money were reached, not only their status class.
    expect(report.problemTypes["browser-conversion-refused"] ?? 0).toBeGreaterThan(0);

    const health = await fetch(`${ctx.server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: { status: "ok" } });
    // From a network the flood did not use: at 100,000 requests the flood's own address may have spent its
    // /api/patches budget (per address and network, docs/api.md "Limits"), which is the limit working.
    expect((await getPatchesFrom(ctx.server.url, DEMO_SITE_ID, "127.0.99.1")).tests).toBeInstanceOf(Array);
    // A fresh visitor's batch, after the flood's limits: accepted, or refused only for its rate.
    const res = await postBatch(ctx.server.url, batch(DEMO_SITE_ID, newId(), newId(), [pageview()]));
    expect([200, 429]).toContain(res.status);
  }, 600_000);
});
