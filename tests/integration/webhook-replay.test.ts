// Issue 20, row 6: X-Shopify-Webhook-Id was ignored, so a replayed signed app/uninstalled stopped a shop's
// reinstalled sites being served, and a replayed shop/redact erased the shop again after a reinstall. Now a
// delivery already processed (by its id, or the same signed body under another id) is acknowledged 200
// and changes nothing, across restarts (the claim is in the database), and a delivery triggered more than
// 24 hours ago is refused.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import { signedWebhookRequest } from "~/demo/shopify-webhook-client.server";
import { databaseKinds } from "../support/databases";
import { useShopifyServer, APP } from "../support/shopify";
import { seedShop, seedSite } from "../support/seed";

const SHOP = "replay-shop.myshopify.com";
const SITE = "replay-site";
const HOUR = 3_600_000;

interface Delivery {
  url: string;
  headers: Headers;
  body: string;
}

/** A signed delivery, kept as bytes so that it can be sent again exactly (or with headers changed). */
function delivery(baseUrl: string, topic: string, payload: unknown, headers: Record<string, string> = {}): Delivery {
  const request = signedWebhookRequest(baseUrl, topic, payload, { shop: SHOP, secret: APP.apiSecretKey });
  const all = new Headers(request.headers);
  for (const [name, value] of Object.entries(headers)) all.set(name, value);
  return { url: request.url, headers: all, body: JSON.stringify(payload) };
}

/** Sends the delivery to `baseUrl` (the server's port changes when it restarts). */
async function send(baseUrl: string, d: Delivery, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const all = new Headers(d.headers);
  for (const [name, value] of Object.entries(headers)) all.set(name, value);
  const res = await fetch(new URL(new URL(d.url).pathname, baseUrl), { method: "POST", headers: all, body: d.body });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function installShop(sql: SqlRunner): Promise<void> {
  // Installed again after an uninstall: the same row, uninstalledAt cleared.
  const [shop] = await sql.query<{ id: string }>(`SELECT id FROM "Shop" WHERE domain = $1`, [SHOP]);
  if (shop) await sql.query(`UPDATE "Shop" SET "uninstalledAt" = NULL WHERE id = $1`, [shop.id]);
  else await seedShop(sql, { id: "replay-shop", domain: SHOP });
  const [site] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE id = 'replay-site'`);
  if (!site) await seedSite(sql, { id: "replay-site", publicId: SITE, shop: SHOP, kind: "shopify", name: "Replay" });
}

const shopState = (sql: SqlRunner) =>
  sql.query<{ uninstalled: boolean; sites: number }>(
    `SELECT s."uninstalledAt" IS NOT NULL AS uninstalled, (SELECT count(*)::int FROM "Site" WHERE "shopId" = s.id) AS sites
     FROM "Shop" s WHERE domain = $1`,
    [SHOP],
  );

describe.each(databaseKinds)("webhook replay (%s)", (kind) => {
  const ctx = useShopifyServer(kind);

  it("ignores a replayed app/uninstalled after a reinstall, by its id and by its body, across a restart", async () => {
    await ctx.sql(installShop);
    const uninstall = delivery(ctx.server.url, "app/uninstalled", { id: 1, myshopify_domain: SHOP });
    expect((await send(ctx.server.url, uninstall)).status).toBe(200);
    // The merchant reinstalls.
    const uninstalled = await ctx.sql(async (sql) => {
      const state = await shopState(sql);
      await installShop(sql);
      return state;
    });
    expect(uninstalled).toEqual([{ uninstalled: true, sites: 1 }]);
    // And the server restarts: what was claimed is in the database, not in the process.
    await ctx.restart();

    const same = await send(ctx.server.url, uninstall);
    expect(same).toEqual({ status: 200, body: { status: "duplicate", webhookId: uninstall.headers.get("X-Shopify-Webhook-Id") } });
    // The headers are not signed: the same body under a new id and trigger time is the same delivery.
    const renamed = await send(ctx.server.url, uninstall, { "X-Shopify-Webhook-Id": randomUUID(), "X-Shopify-Triggered-At": new Date().toISOString() });
    expect(renamed.body.status).toBe("duplicate");
    // Concurrent copies of a new delivery: one is handled, the others are duplicates or told to retry.
    const again = delivery(ctx.server.url, "app/uninstalled", { id: 2, myshopify_domain: SHOP });
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(ctx.server.url, again)));
    expect(answers.filter((a) => a.status === 200 && a.body.status !== "duplicate")).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);

    const redact = delivery(ctx.server.url, "shop/redact", { shop_id: 1, shop_domain: SHOP });
    expect((await send(ctx.server.url, redact)).status).toBe(200);
    const erased = await ctx.sql(async (sql) => {
      const state = await shopState(sql);
      await installShop(sql);
      return state;
    });
    expect(erased).toEqual([]);
    for (const replay of [uninstall, again, redact]) expect((await send(ctx.server.url, replay)).body.status).toBe("duplicate");
    expect(await ctx.sql(shopState)).toEqual([{ uninstalled: false, sites: 1 }]);
  });

  it("refuses a delivery triggered more than 24 hours ago, in the future, or never; takes one Shopify retries 4 hours on", async () => {
    const at = (ms: number) => ({ "X-Shopify-Triggered-At": new Date(Date.now() + ms).toISOString() });
    for (const headers of [at(-25 * HOUR), at(10 * 60_000), { "X-Shopify-Triggered-At": "yesterday" }]) {
      const answer = await send(ctx.server.url, delivery(ctx.server.url, "app/uninstalled", { id: 3, myshopify_domain: SHOP }, headers));
      expect(answer.status).toBe(400);
      expect(answer.body.type).toMatch(/\/stale-webhook$/);
    }
    const bare = delivery(ctx.server.url, "app/uninstalled", { id: 4, myshopify_domain: SHOP });
    bare.headers.delete("X-Shopify-Triggered-At");
    expect((await send(ctx.server.url, bare)).status).toBe(400);
    expect((await send(ctx.server.url, delivery(ctx.server.url, "app/uninstalled", { id: 5, myshopify_domain: SHOP }, at(-4 * HOUR)))).status).toBe(200);
    // Only the last one was taken.
    expect(await ctx.sql(async (sql) => (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "WebhookDelivery" WHERE topic = 'APP_UNINSTALLED'`))[0]?.n)).toBe(3);
  });

  it("handles again a delivery whose handling was refused, as Shopify's retry of it", async () => {
    const invalid = delivery(ctx.server.url, "orders/paid", { id: "not an order" });
    expect((await send(ctx.server.url, invalid)).status).toBe(422);
    expect((await send(ctx.server.url, invalid)).status).toBe(422);
  });

  // Issue 33, row 11: delivery records were all deleted 48 hours after receipt, and the trigger time is not
  // signed, so the same body under a new id and a fresh trigger time was processed again after that.
  it("recognises a replay 48 hours + 1 minute after the delivery, and 400 days after; shop/redact never erases an installed shop", async () => {
    await ctx.sql(installShop);
    const uninstall = delivery(ctx.server.url, "app/uninstalled", { id: 20, myshopify_domain: SHOP, updated_at: "2026-11-01T10:00:00Z" });
    expect((await send(ctx.server.url, uninstall)).status).toBe(200);
    await ctx.sql(installShop);
    const redact = delivery(ctx.server.url, "shop/redact", { shop_id: 20, shop_domain: SHOP });
    // Received while the shop is installed: Shopify sends it only 48 hours after an uninstall.
    expect((await send(ctx.server.url, redact)).body).toMatchObject({ status: "installed" });

    for (const age of ["48 hours 1 minute", "400 days"]) {
      await ctx.sql((sql) => sql.query(`UPDATE "WebhookDelivery" SET "receivedAt" = now() - interval '${age}', "processedAt" = now() - interval '${age}'`));
      // A new process deletes what it no longer remembers at its first claim.
      await ctx.restart();
      const other = delivery(ctx.server.url, "app/scopes_update", { id: randomUUID(), current: ["read_orders"], previous: [] });
      expect((await send(ctx.server.url, other)).status).toBe(200);
      const fresh = { "X-Shopify-Webhook-Id": randomUUID(), "X-Shopify-Triggered-At": new Date().toISOString() };
      expect((await send(ctx.server.url, uninstall, fresh)).body.status, age).toBe("duplicate");
      expect((await send(ctx.server.url, redact, { ...fresh, "X-Shopify-Webhook-Id": randomUUID() })).body.status, age).toMatch(/^(duplicate|installed)$/);
      expect(await ctx.sql(shopState), age).toEqual([{ uninstalled: false, sites: 1 }]);
    }
  });
});
