// Settings on the real server with session tokens for two shops: each shop reads and saves its own owner
// email and retention, and invalid input is answered with field errors and nothing saved.
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { loaderData, postAction } from "../support/admin-route-data";

const A = "svc-settings-a.myshopify.com";
const B = "svc-settings-b.myshopify.com";
const ROUTE = "routes/app.settings";

describe.each(databaseKinds)("settings (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  const settingsOf = async (shop: string) => (await loaderData(url(), shop, "/app/settings", ROUTE)).data;

  it("shows the defaults: no owner email, 395 days, and the bounds", async () => {
    for (const shop of [A, B]) {
      const res = await adminFetch(url(), shop, "/app/settings");
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Keep raw events for");
    }
    expect(await settingsOf(A)).toEqual({ ownerEmail: null, retentionDays: 395, bounds: { min: 30, max: 1095 } });
  });

  it("answers field errors for invalid settings and saves nothing", async () => {
    const res = await postAction(url(), A, "/app/settings", { ownerEmail: "not-an-email", retentionDays: "7" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.data.fieldErrors).sort()).toEqual(["ownerEmail", "retentionDays"]);
    const half = await postAction(url(), A, "/app/settings", { ownerEmail: "owner@a.example", retentionDays: "5000" });
    expect(half.status).toBe(400);
    expect(half.data.fieldErrors).toEqual({ retentionDays: expect.stringContaining("30 to 1095") });
    expect(await settingsOf(A)).toMatchObject({ ownerEmail: null, retentionDays: 395 });
  });

  it("saves the shop's own settings only", async () => {
    const res = await postAction(url(), A, "/app/settings", { ownerEmail: " owner@a.example ", retentionDays: "90" });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ saved: { ownerEmail: "owner@a.example", retentionDays: 90 } });
    expect(await settingsOf(A)).toMatchObject({ ownerEmail: "owner@a.example", retentionDays: 90 });
    expect(await settingsOf(B)).toMatchObject({ ownerEmail: null, retentionDays: 395 });
    const rows = await ctx.sql((sql) => sql.query<{ domain: string; ownerEmail: string | null; retentionDays: number }>(`SELECT domain, "ownerEmail", "retentionDays" FROM "Shop" ORDER BY domain`));
    expect(rows).toEqual([
      { domain: A, ownerEmail: "owner@a.example", retentionDays: 90 },
      { domain: B, ownerEmail: null, retentionDays: 395 },
    ]);
  });

  it("clears the owner email when emptied", async () => {
    const res = await postAction(url(), A, "/app/settings", { ownerEmail: "", retentionDays: "90" });
    expect(res.status).toBe(200);
    expect(await settingsOf(A)).toMatchObject({ ownerEmail: null, retentionDays: 90 });
  });
});
