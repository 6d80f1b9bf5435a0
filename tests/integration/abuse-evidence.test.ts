// Issue 33's attacks on svc's automatic actions, on the real server and database with the schedule job running
// every second: made-up visitors sent from 10 networks (distinct loopback /24s, any number of addresses in
// them) make the plain numbers show a guardrail loss, a winner and a blank variant, and svc acts on none of
// them; a variant that really loses is still paused while another stranger skews the split from 2 networks.
// Each attack is first shown to move the plain numbers the way the old code paused or completed on.
import { beforeAll, describe, expect, it } from "vitest";
import { flickerBreaches } from "~/domain/results/flicker-guardrail";
import { guardrailBreaches } from "~/domain/results/guardrails";
import type { ResultsView } from "~/domain/results/view";
import type { PatchesResponse } from "~/wire";
import { embeddedOnly } from "../support/databases";
import { loaderData } from "../support/admin-route-data";
import { NOW, networkRowsFor, seedRows, seedShop, seedSite, seedTest, ago } from "../support/seed";
import { useShopifyServer } from "../support/shopify";
import { batch, conversion, exposure, getPatchesFrom, newId, postBatchFrom } from "../support/snippet-client";

const SHOP = "svc-abuse-evidence.myshopify.com";
const TEST_ROUTE = "routes/app.tests.$testId";
const TODAY = () => new Date().toISOString().slice(0, 10);

/** One arm's rollups today: `visitors` exposed visitors, `converting` of them converting on `goal`. */
function armRows(siteId: string, testId: string, armId: string, visitors: number, converting: number, goal = "signup") {
  const base = { siteId, testId, armId, day: TODAY(), exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0 };
  return [
    { ...base, goal: "", currency: "", exposures: visitors, exposedVisitors: visitors },
    { ...base, goal, currency: "", convertingVisitors: converting, conversions: converting, conversionSquares: converting },
  ];
}

/** The address of attacker network `n` (its own /24 of 127/8), host `h` in it. */
const from = (n: number, h = 1) => `127.0.${100 + n}.${h}`;

describe.each(embeddedOnly)("evidence a stranger cannot forge (%s)", (kind) => {
  const ctx = useShopifyServer(kind, { SVC_SCHEDULE_EVERY_SECONDS: "1" });
  const url = () => ctx.server.url;
  const siteIds = new Map<string, string>();

  const page = async (testId: string) => (await loaderData(url(), SHOP, `/app/tests/${testId}`, TEST_ROUTE)).data;
  const outbox = () => ctx.sql((sql) => sql.query<{ kind: string; subject: string }>(`SELECT kind, subject FROM "OutboxEmail" ORDER BY "createdAt"`));
  /** Made-up visitors that the site assigns `arm` of `test`, each learnt with one GET /api/patches from network `n`. */
  async function visitorsIn(site: string, test: string, arm: string, count: number, networks: number): Promise<Array<{ vid: string; n: number }>> {
    const found: Array<{ vid: string; n: number }> = [];
    for (let i = 0; found.length < count && i < count * 8; i++) {
      const n = i % networks;
      const vid = newId();
      const answer = (await getPatchesFrom(url(), site, from(n, 1 + (i % 200)), vid)) as unknown as PatchesResponse;
      if (answer.tests.some((t) => t.test === test && t.arm === arm)) found.push({ vid, n });
    }
    expect(found).toHaveLength(count);
    return found;
  }
  const statusOf = async (testId: string) =>
    (await ctx.sql((sql) => sql.query<{ status: string }>(`SELECT status::text FROM "Test" WHERE id = $1`, [testId])))[0]?.status;
  let canaries = 0;
  /**
   * Returns once a whole schedule pass that began after the call has run (every running test watched with what
   * was sent before it), rather than sleeping for "a few passes" that a loaded machine may not have run: a draft
   * due at once is started by a pass that began after it was made; a second, made once the first runs, by a
   * pass that began after that pass had ended (passes never overlap on one server).
   */
  async function passes(): Promise<void> {
    for (let i = 0; i < 2; i++) {
      const id = `canary-${++canaries}`;
      await ctx.sql((sql) => seedTest(sql, { id, site: "abuse-canary", pages: [`/${id}`], goals: ["signup"], scheduledStartAt: NOW }));
      const deadline = Date.now() + 15_000;
      while ((await statusOf(id)) !== "running") {
        if (Date.now() > deadline) throw new Error(`no schedule pass started ${id} within 15 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  beforeAll(async () => {
    await ctx.sql(async (sql) => {
      // Every notice switched on, so that "no email" below means svc saw nothing to tell, not that none was asked for.
      await seedShop(sql, { domain: SHOP, ownerEmail: "owner@example.com", notices: ["decided", "srm", "guardrail", "misuse", "schedule"] });
      for (const row of ["r1", "r2", "r4", "r5", "canary"]) {
        const site = await seedSite(sql, { shop: SHOP, id: `abuse-${row}` });
        siteIds.set(row, site.id);
      }
      const seed = async (rows: Array<Record<string, unknown>>, networks = 200) => {
        await seedRows(sql, "DailyRollup", rows);
        await seedRows(sql, "NetworkRollup", networkRowsFor(rows, networks));
      };
      // Row 1: a healthy test (1,000 visitors and 30 signups per arm, from 200 networks) guarding signups.
      await seedTest(sql, { id: "r1", site: "abuse-r1", status: "running", startedAt: ago("2 days"), pages: ["/demo"], goals: [{ label: "signup", isGuardrail: true }] });
      await seed([...armRows(siteIds.get("r1")!, "r1", "r1-a", 1_000, 30), ...armRows(siteIds.get("r1")!, "r1", "r1-b", 1_000, 30)]);
      // Row 2: a test set to stop once decided, no difference yet (2,000 visitors, 3% each).
      await seedTest(sql, { id: "r2", site: "abuse-r2", status: "running", startedAt: ago("2 days"), pages: ["/demo"], stopWhenDecided: true, goals: ["signup"] });
      await seed([...armRows(siteIds.get("r2")!, "r2", "r2-a", 2_000, 60), ...armRows(siteIds.get("r2")!, "r2", "r2-b", 2_000, 60)]);
      // Row 4: a test that pauses on flicker, with 20 real exposures that hid nothing.
      await seedTest(sql, { id: "r4", site: "abuse-r4", status: "running", startedAt: ago("2 days"), pages: ["/demo"], pauseOnFlicker: true, goals: ["signup"] });
      await seedRows(sql, "Exposure", Array.from({ length: 20 }, (_, i) => ({
        siteId: siteIds.get("r4")!, testId: "r4", sessionId: `r4-s${i}`, visitorId: `r4-v${i}`, armId: i % 2 ? "r4-b" : "r4-a",
        eventId: `r4-e${i}`, exposedAt: new Date(Date.now() - 60_000), msToApply: 100, msHidden: 0, network: `honest-${i}`,
      })));
      // Row 5: a variant that really loses (10% against 6% of 3,000 visitors each, from 200 networks); its
      // guardrail is switched on once the stranger has skewed the split (else it would be paused at once).
      await seedTest(sql, { id: "r5", site: "abuse-r5", status: "running", startedAt: ago("2 days"), pages: ["/demo"], goals: [{ label: "signup", isGuardrail: false }] });
      await seed([...armRows(siteIds.get("r5")!, "r5", "r5-a", 3_000, 300), ...armRows(siteIds.get("r5")!, "r5", "r5-b", 3_000, 180)]);
    });
  });

  it("row 1: made-up signups for control from 10 networks show a loss on the page, and svc pauses nothing", async () => {
    // 80: enough for the plain guardrail at its share of the test's 2% budget (65 was, at the page's 95%).
    for (const { vid, n } of await visitorsIn("abuse-r1", "r1", "r1-a", 80, 10)) {
      const sent = await postBatchFrom(url(), batch("abuse-r1", vid, newId(), [exposure("r1", "r1-a"), conversion("signup")]), { from: from(n, 7) });
      expect(sent.status).toBe(200);
    }
    const view = (await page("r1")) as ResultsView;
    // The plain numbers show the loss the old code paused on…
    expect(view.goals[0]!.arms[0]!.convertingVisitors).toBe(110);
    expect(guardrailBreaches(view, ["signup"]).length).toBeGreaterThan(0);
    await passes();
    // …and svc does not act on it: a few networks made it.
    expect((await page("r1")).lifecycle.status).toBe("running");
    expect((await outbox()).filter((e) => e.subject.includes('"Test r1"'))).toEqual([]);
  });

  it("row 2: a winner made up from 10 networks is not completed, served or announced, and the page says the traffic looks unusual", async () => {
    for (const { vid, n } of await visitorsIn("abuse-r2", "r2", "r2-b", 130, 10)) {
      const sent = await postBatchFrom(url(), batch("abuse-r2", vid, newId(), [exposure("r2", "r2-b"), conversion("signup")]), { from: from(n, 9) });
      expect(sent.status).toBe(200);
    }
    const data = await page("r2");
    expect(data.decision.state).toBe("ship");
    expect(data.evidenceNotice).toMatch(/^Traffic from a few networks looks unusual\. The decision rests on the 10 networks that favour it most/);
    await passes();
    expect((await page("r2")).lifecycle.status).toBe("running");
    expect((await outbox()).filter((e) => e.subject.includes('"Test r2"'))).toEqual([]);
  });

  it("row 4: hidden times of 600,000 ms from 10 networks count as the 1 s timeout, and pause nothing", async () => {
    for (const { vid, n } of await visitorsIn("abuse-r4", "r4", "r4-b", 101, 10)) {
      const blank = { ...exposure("r4", "r4-b"), msHidden: 600_000 };
      expect((await postBatchFrom(url(), batch("abuse-r4", vid, newId(), [blank]), { from: from(n, 11) })).status).toBe(200);
    }
    const [stored] = await ctx.sql((sql) => sql.query<{ max: number }>(`SELECT max("msHidden")::int AS max FROM "Exposure" WHERE "testId" = 'r4'`));
    expect(stored!.max).toBe(1000);
    const view = (await page("r4")) as ResultsView;
    expect(flickerBreaches(view).map((b) => b.armId)).toEqual(["r4-b"]);
    await passes();
    expect((await page("r4")).lifecycle.status).toBe("running");
  });

  it("row 5: exposures sent to control from 2 networks skew the split, and the variant that really loses is still paused", async () => {
    for (const { vid, n } of await visitorsIn("abuse-r5", "r5", "r5-a", 500, 2)) {
      expect((await postBatchFrom(url(), batch("abuse-r5", vid, newId(), [exposure("r5", "r5-a")]), { from: from(20 + n, 3) })).status).toBe(200);
    }
    // The plain numbers: a mismatch, under which the old code let no guardrail pause; the page says whose it is.
    const data = await page("r5");
    expect(data.srm.mismatch).toBe(true);
    expect(guardrailBreaches(data as ResultsView, ["signup"])).toEqual([]);
    expect(data.evidenceNotice).toMatch(/^Traffic from a few networks looks unusual\. 2 networks carry \d+% of this test's visitors and alone split them unevenly\./);
    await ctx.sql((sql) => sql.query(`UPDATE "Goal" SET "isGuardrail" = true WHERE "testId" = 'r5'`));
    // Polled for, rather than "a few passes" slept through.
    for (const deadline = Date.now() + 15_000; Date.now() < deadline && (await statusOf("r5")) !== "paused"; ) await new Promise((r) => setTimeout(r, 50));
    const after = await page("r5");
    expect(after.lifecycle.status).toBe("paused");
    expect(after.lifecycle.pausedReason).toMatch(/^Guardrail: "Variant B" lowers conversion rate on "signup"/);
  });
});
