// Settings on the real server with session tokens for two shops: each shop reads and saves its own owner
// email, retention and typical lift, invalid input is answered with field errors and nothing saved, and the
// typical lift reaches the results page's chance to win.
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { loaderData, postAction } from "../support/admin-route-data";
import { seedRows, seedSite, seedTest } from "../support/seed";
import { getPatchesFrom } from "../support/snippet-client";

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
    expect(await settingsOf(A)).toEqual({
      ownerEmail: null,
      retentionDays: 395,
      liftPriorSd: 0.02,
      excludeStaff: false,
      notices: [],
      waiting: [],
      bounds: { min: 30, max: 1095 },
      priorBounds: { min: 1, max: 50 },
      priorInUse: "Chance to win assumes 19 real lifts in 20 fall within ±4%, your setting; it is learned from your completed tests once 10 have finished (0 so far).",
    });
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
    expect(res.data).toEqual({ saved: { ownerEmail: "owner@a.example", retentionDays: 90, liftPriorSd: 0.02, excludeStaff: false, notices: [] } });
    expect(await settingsOf(A)).toMatchObject({ ownerEmail: "owner@a.example", retentionDays: 90 });
    expect(await settingsOf(B)).toMatchObject({ ownerEmail: null, retentionDays: 395 });
    const rows = await ctx.sql((sql) => sql.query<{ domain: string; ownerEmail: string | null; retentionDays: number }>(`SELECT domain, "ownerEmail", "retentionDays" FROM "Shop" ORDER BY domain`));
    expect(rows).toEqual([
      { domain: A, ownerEmail: "owner@a.example", retentionDays: 90 },
      { domain: B, ownerEmail: null, retentionDays: 395 },
    ]);
  });

  it("switches notices on only with an owner's email, refuses a kind it does not know, and lists every switch off by default", async () => {
    const page = await (await adminFetch(url(), B, "/app/settings")).text();
    for (const label of ["A test is decided", "svc paused a test: a guardrail was tripped", "A scheduled start or end"]) expect(page).toContain(label);
    const noEmail = await postAction(url(), B, "/app/settings", { ownerEmail: "", retentionDays: "395", notices: "decided" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.data.fieldErrors).toEqual({ ownerEmail: "Enter the email these notices go to, or switch them off." });
    const unknown = await postAction(url(), B, "/app/settings", { ownerEmail: "owner@b.example", retentionDays: "395", notices: "decided,<script>" });
    expect(unknown.status).toBe(400);
    expect(unknown.data.fieldErrors).toEqual({ notices: expect.stringContaining('"<script>" is not a notice') });
    expect(await settingsOf(B)).toMatchObject({ ownerEmail: null, notices: [] });
    const on = await postAction(url(), B, "/app/settings", { ownerEmail: "owner@b.example", retentionDays: "395", notices: "srm,decided" });
    expect(on.status).toBe(200);
    expect(await settingsOf(B)).toMatchObject({ ownerEmail: "owner@b.example", notices: ["decided", "srm"] });
    const off = await postAction(url(), B, "/app/settings", { ownerEmail: "", retentionDays: "395", notices: "" });
    expect(off.status).toBe(200);
    expect(await settingsOf(B)).toMatchObject({ ownerEmail: null, notices: [] });
  });

  it("shows an email that waits for an address, and addresses it when the owner's email is saved", async () => {
    await ctx.sql((sql) =>
      sql.query(
        `INSERT INTO "OutboxEmail" (id, "shopId", kind, "dedupeKey", subject, text) SELECT 'waiting-1', id, 'announcement', 'announcement:t1', 'svc: a breaking change', 'Text' FROM "Shop" WHERE domain = $1`,
        [B],
      ),
    );
    expect((await settingsOf(B)).waiting).toEqual([{ kind: "announcement", subject: "svc: a breaking change", queuedAt: expect.any(String) }]);
    expect(await (await adminFetch(url(), B, "/app/settings")).text()).toContain("An email waits for the account owner");
    expect((await settingsOf(A)).waiting).toEqual([]);
    const saved = await postAction(url(), B, "/app/settings", { ownerEmail: "owner@b.example", retentionDays: "395" });
    expect(saved.status).toBe(200);
    expect((await settingsOf(B)).waiting).toEqual([]);
    expect(await ctx.sql((sql) => sql.query(`SELECT "to", "sentAt" FROM "OutboxEmail" WHERE id = 'waiting-1'`))).toEqual([{ to: "owner@b.example", sentAt: null }]);
    await postAction(url(), B, "/app/settings", { ownerEmail: "", retentionDays: "395" });
  });

  it("refuses a typical lift outside 1–50% with a field error, and saves one inside", async () => {
    for (const bad of ["0", "0.5", "51", "abc", "-5", "5e1"]) {
      const res = await postAction(url(), A, "/app/settings", { ownerEmail: "", retentionDays: "90", liftPriorPercent: bad });
      expect(res.status).toBe(400);
      expect(res.data.fieldErrors).toEqual({ liftPriorSd: expect.stringContaining("1 to 50") });
    }
    const res = await postAction(url(), A, "/app/settings", { ownerEmail: "", retentionDays: "90", liftPriorPercent: "12.5" });
    expect(res.status).toBe(200);
    expect(await settingsOf(A)).toMatchObject({ liftPriorSd: 0.125 });
    expect(await settingsOf(B)).toMatchObject({ liftPriorSd: 0.02 });
  });

  it("leaves the team's visits out of tests with one switch: the admin's address sees no test, others do", async () => {
    await ctx.sql(async (sql) => {
      await seedSite(sql, { shop: B, id: "staff-site" });
      await seedTest(sql, { id: "staff-test", site: "staff-site", status: "running", pages: ["/demo"], goals: ["signup"] });
    });
    // The admin's requests come from 127.0.0.1; a shopper from 127.0.0.7 (any 127/8 address is this machine).
    const served = async (from: string) => ((await getPatchesFrom(url(), "staff-site", from)).tests as Array<{ test: string }>).map((t) => t.test);
    expect(await served("127.0.0.1")).toEqual(["staff-test"]);

    const on = await postAction(url(), B, "/app/settings", { ownerEmail: "", retentionDays: "395", excludeStaff: "on" });
    expect(on.status).toBe(200);
    expect(on.data.saved.excludeStaff).toBe(true);
    // The next admin request notes its address.
    expect((await adminFetch(url(), B, "/app/settings")).status).toBe(200);
    await expect.poll(() => served("127.0.0.1"), { timeout: 5000 }).toEqual([]);
    expect(await served("127.0.0.7")).toEqual(["staff-test"]);
    expect(await ctx.sql((sql) => sql.query(`SELECT address FROM "StaffAddress"`))).toEqual([{ address: expect.stringMatching(/127\.0\.0\.1$/) }]);

    // Off: the addresses are forgotten and the team is served again.
    const off = await postAction(url(), B, "/app/settings", { ownerEmail: "", retentionDays: "395", excludeStaff: "off" });
    expect(off.data.saved.excludeStaff).toBe(false);
    expect(await served("127.0.0.1")).toEqual(["staff-test"]);
    expect(await ctx.sql((sql) => sql.query(`SELECT address FROM "StaffAddress"`))).toEqual([]);
  });

  it("gives the results page's chance to win the shop's typical lift as its prior", async () => {
    // Control 100/1000, variant 130/1000 (+30%): a 5% prior holds that back more than a 50% prior does; with no
    // completed test, the page says the setting is in use.
    await ctx.sql(async (sql) => {
      await seedSite(sql, { shop: A, id: "settings-prior-site" });
      await seedTest(sql, { id: "settings-prior", site: "settings-prior-site", status: "running", goals: ["signup"] });
      await seedRows(
        sql,
        "DailyRollup",
        ([["settings-prior-a", 100], ["settings-prior-b", 130]] as const).flatMap(([armId, signups]) => [
          { siteId: "settings-prior-site", testId: "settings-prior", armId, goal: "", day: "2026-03-01", exposures: 1000, exposedVisitors: 1000 },
          { siteId: "settings-prior-site", testId: "settings-prior", armId, goal: "signup", day: "2026-03-01", convertingVisitors: signups, conversions: signups },
        ]),
      );
    });
    const chance = async () =>
      (await loaderData(url(), A, "/app/tests/settings-prior", "routes/app.tests.$testId")).data.goals[0].arms[1].chanceToWin as number;
    await postAction(url(), A, "/app/settings", { ownerEmail: "", retentionDays: "90", liftPriorPercent: "5" });
    const narrow = await chance();
    await postAction(url(), A, "/app/settings", { ownerEmail: "", retentionDays: "90", liftPriorPercent: "50" });
    const wide = await chance();
    expect(narrow).toBeGreaterThan(0.5);
    expect(wide).toBeGreaterThan(narrow);
    const page = await loaderData(url(), A, "/app/tests/settings-prior", "routes/app.tests.$testId");
    expect(page.data.chancePrior).toEqual({ sd: 0.5, source: { kind: "setting", tests: 0 } });
  });

  it("clears the owner email when emptied", async () => {
    const res = await postAction(url(), A, "/app/settings", { ownerEmail: "", retentionDays: "90" });
    expect(res.status).toBe(200);
    expect(await settingsOf(A)).toMatchObject({ ownerEmail: null, retentionDays: 90 });
  });
});
