// A test's schedule on the real server and database, with the schedule job running every second: the shop's
// time zone comes from Shopify at install, the form gives field errors for what cannot be a schedule, a draft
// starts and then completes at the times entered (served by /api/patches in between), a start that cannot
// happen is cleared and reported, and a test set to stop once decided completes itself with its winner.
import { beforeAll, describe, expect, it } from "vitest";
import { RESULTS_SCENARIOS } from "~/demo/results-scenarios";
import { utcToZonedInput } from "~/domain/experiments/schedule";
import { shortTime } from "~/domain/experiments/test-glance";
import type { PatchesResponse } from "~/wire";
import { databaseKinds } from "../support/databases";
import { loaderData, postAction } from "../support/admin-route-data";
import { networkRowsFor, purchaseRows, seedRows, seedSite, seedTest, storefrontSite, ago } from "../support/seed";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { getPatches, newId } from "../support/snippet-client";

const SHOP = "svc-schedule.myshopify.com";
const SITE = "sched-site";
const ZONE = "America/New_York";
const TEST_ROUTE = "routes/app.tests.$testId";
const SHIP = RESULTS_SCENARIOS.find((s) => s.state === "ship")!;

/** The instant `at` (ms), as the shop's datetime-local value with seconds (the form accepts them, not milliseconds). */
const localAt = (at: number) => {
  const date = new Date(at);
  return `${utcToZonedInput(date, ZONE)}:${String(date.getUTCSeconds()).padStart(2, "0")}`;
};
/** `msFromNow` ahead, as the shop's datetime-local value. */
const local = (msFromNow: number) => localAt(Date.now() + msFromNow);

describe.each(databaseKinds)("test schedule (%s)", (kind) => {
  const ctx = useShopifyServer(kind, { SVC_SCHEDULE_EVERY_SECONDS: "1" });
  const url = () => ctx.server.url;

  const statusOf = async (testId: string) => (await loaderData(url(), SHOP, `/app/tests/${testId}`, TEST_ROUTE)).data.lifecycle.status as string;
  async function waitForStatus(testId: string, status: string, withinMs: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      if ((await statusOf(testId)) === status) return Date.now();
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${testId} did not become ${status} within ${withinMs} ms (it is ${await statusOf(testId)})\n${ctx.server.output().split("\n").filter((l) => l.includes("schedule")).slice(0, 3).join("\n")}`);
  }
  const outbox = () =>
    ctx.sql((sql) => sql.query<{ kind: string; to: string; subject: string }>(`SELECT kind, "to", subject FROM "OutboxEmail" ORDER BY "createdAt"`));

  beforeAll(async () => {
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      await sql.query(`UPDATE "Shop" SET "ownerEmail" = 'owner@example.com' WHERE domain = $1`, [SHOP]);
      await seedSite(sql, { shop: SHOP, id: SITE });
      for (const id of ["sched-a", "sched-errors"]) await seedTest(sql, { id, site: SITE, pages: ["/demo"], goals: ["purchase"] });
      await seedTest(sql, { id: "sched-no-goal", site: SITE, pages: ["/demo"] });
      const [site] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [SITE]);
      // Each with its visitors spread over many networks, as honest traffic is: svc acts on nothing else.
      const withNetworks = async (rows: Parameters<typeof networkRowsFor>[0]) => {
        await seedRows(sql, "DailyRollup", [...rows]);
        await seedRows(sql, "NetworkRollup", networkRowsFor(rows, 200));
      };
      // The ship example's rollups under a running test with the same arm ids, decided from the first pass: on
      // the shop's storefront, whose purchases are its signed orders, and on a web site, whose are the browser's.
      const storefront = await storefrontSite(sql, SHOP);
      await seedTest(sql, { id: SHIP.id, site: storefront.publicId, status: "running", startedAt: ago("30 days"), pages: ["/other"], goals: [SHIP.goal] });
      await withNetworks(SHIP.rows(new Date().toISOString().slice(0, 10)).map((r) => ({ ...r, siteId: storefront.id, testId: SHIP.id })));
      await seedTest(sql, { id: "ship-web", site: SITE, status: "running", startedAt: ago("30 days"), pages: ["/other"], goals: [SHIP.goal], stopWhenDecided: true });
      const webRows = SHIP.rows(new Date().toISOString().slice(0, 10)).map((r) => ({ ...r, armId: r.armId.replace(SHIP.id, "ship-web"), siteId: site!.id, testId: "ship-web" }));
      await withNetworks(webRows);
      // A running test whose variant sells clearly less, with purchases as its guardrail, and the same losing
      // numbers under a test without one.
      for (const [id, guardrail] of [["guard-a", true], ["guard-off", false]] as const) {
        await seedTest(sql, { id, site: SITE, status: "running", startedAt: ago("3 days"), pages: [`/${id}`], goals: [{ label: "purchase", kind: "purchase", isGuardrail: guardrail }] });
        await withNetworks([...purchaseRows(`${id}-a`, 1_000), ...purchaseRows(`${id}-b`, 700)].map((r) => ({ ...r, siteId: site!.id, testId: id })));
      }
      // The same sales in both arms, but the variant's orders refunded three times as often (5% against 15%).
      await seedTest(sql, { id: "guard-refund", site: SITE, status: "running", startedAt: ago("3 days"), pages: ["/guard-refund"], goals: [{ label: "purchase", kind: "purchase", isGuardrail: true }] });
      const refunded = (armId: string, orders: number) =>
        purchaseRows(armId, 1_000).map((r) => (r.goal === "purchase" ? { ...r, refundedOrders: orders, refunded: orders * 60 } : r));
      await withNetworks([...refunded("guard-refund-a", 50), ...refunded("guard-refund-b", 150)].map((r) => ({ ...r, siteId: site!.id, testId: "guard-refund" })));
      // A variant whose content stays hidden 800 ms at every exposure (control: none), under a test set to
      // pause on flicker through its form below, and under one that is not; from 60 networks per arm.
      for (const id of ["blank-a", "blank-off"]) {
        await seedTest(sql, { id, site: SITE, status: "running", startedAt: ago("3 days"), pages: [`/${id}`], goals: ["purchase"] });
        const exposures = Array.from({ length: 480 }, (_, i) => ({
          siteId: site!.id, testId: id, sessionId: `${id}-s${i}`, visitorId: `${id}-v${i}`, armId: i % 2 ? `${id}-b` : `${id}-a`,
          eventId: `${id}-e${i}`, exposedAt: new Date(Date.now() - 3600_000), msToApply: 120, msHidden: i % 2 ? 800 : 0, network: `net-${i % 120}`,
        }));
        await seedRows(sql, "Exposure", exposures);
      }
      // Half the visitors in one arm of a 50/50 test: a sample ratio mismatch.
      await seedTest(sql, { id: "srm-a", site: SITE, status: "running", startedAt: ago("3 days"), pages: ["/srm-a"], goals: ["purchase"] });
      await seedRows(sql, "DailyRollup", [...purchaseRows("srm-a-a", 1_000), ...purchaseRows("srm-a-b", 500, 10_000)].map((r) => ({ ...r, siteId: site!.id, testId: "srm-a" })));
    });
  });

  it("reads the shop's time zone from Shopify at install and shows the card in it", async () => {
    const page = await loaderData(url(), SHOP, "/app/tests/sched-a", TEST_ROUTE);
    expect(page.data.schedule).toMatchObject({ timeZone: ZONE, startAt: "", endAt: "", canSetStart: true, stopWhenDecided: false });
  });

  it("gives field errors for a start in the past, text that is not a time, and an end before the start", async () => {
    const past = await postAction(url(), SHOP, "/app/tests/sched-errors/schedule", { startAt: local(-3600_000), endAt: "" });
    expect(past.status).toBe(400);
    expect(past.data.fieldErrors).toEqual({ startAt: expect.stringContaining("future") });
    const text = await postAction(url(), SHOP, "/app/tests/sched-errors/schedule", { startAt: "next monday", endAt: "" });
    expect(text.data.fieldErrors).toEqual({ startAt: expect.stringContaining("Enter a date and time") });
    const backwards = await postAction(url(), SHOP, "/app/tests/sched-errors/schedule", { startAt: local(7200_000), endAt: local(3600_000) });
    expect(backwards.data.fieldErrors).toEqual({ endAt: "The end must come after the start." });
    expect((await postAction(url(), SHOP, "/app/tests/nobody/schedule", { startAt: "" })).status).toBe(404);
    expect((await loaderData(url(), SHOP, "/app/tests/sched-errors", TEST_ROUTE)).data.schedule).toMatchObject({ startAt: "", endAt: "" });
  });

  it("starts a draft at its start and completes it at its end, serving it in between", async () => {
    // Far enough ahead that a slow request on a loaded machine still saves it before it is due.
    // The form keeps whole seconds, so the start is the second the text names, not Date.now()'s millisecond.
    const startAt = Math.floor((Date.now() + 8000) / 1000) * 1000;
    const startText = localAt(startAt);
    const endAt = startAt + 8000;
    const saved = await postAction(url(), SHOP, "/app/tests/sched-a/schedule", { startAt: startText, endAt: localAt(endAt) });
    expect(saved.status).toBe(200);
    // The tests list says it at a glance, in the shop's zone.
    const list = await loaderData(url(), SHOP, "/app", "routes/app._index");
    const row = list.data.tests.find((t: { id: string }) => t.id === "sched-a");
    expect(row.glance).toEqual([`Starts ${shortTime(new Date(startAt), ZONE)}`, `Ends ${shortTime(new Date(endAt), ZONE)}`]);
    expect((await loaderData(url(), SHOP, "/app/tests/sched-a", TEST_ROUTE)).data.schedule.startAt).toBe(startText.slice(0, 16));
    expect(await statusOf("sched-a")).toBe("draft");
    const running = await waitForStatus("sched-a", "running", 20_000);
    // Within a pass (1 s) and a request of the time, never before it.
    expect(running).toBeGreaterThanOrEqual(startAt);
    const served = (await (await getPatches(url(), SITE, newId())).json()) as PatchesResponse;
    expect(served.tests.map((t) => t.test)).toContain("sched-a");
    await waitForStatus("sched-a", "completed", 25_000);
    const after = (await (await getPatches(url(), SITE, newId())).json()) as PatchesResponse;
    expect(after.tests.map((t) => t.test)).not.toContain("sched-a");
    const page = await loaderData(url(), SHOP, "/app/tests/sched-a", TEST_ROUTE);
    expect(page.data.schedule).toMatchObject({ endedBy: "schedule", canSetEnd: false });
    expect(await outbox()).toContainEqual(expect.objectContaining({ kind: "schedule-end", to: "owner@example.com", subject: 'svc completed the test "Test sched-a" at its scheduled end' }));
  });

  it("clears a scheduled start the test is not ready for, and tells the owner why", async () => {
    expect((await postAction(url(), SHOP, "/app/tests/sched-no-goal/schedule", { startAt: local(6000) })).status).toBe(200);
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (await loaderData(url(), SHOP, "/app/tests/sched-no-goal", TEST_ROUTE)).data.schedule.startAt !== "") {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await statusOf("sched-no-goal")).toBe("draft");
    expect((await loaderData(url(), SHOP, "/app/tests/sched-no-goal", TEST_ROUTE)).data.schedule.startAt).toBe("");
    expect(await outbox()).toContainEqual(expect.objectContaining({ kind: "schedule-start-failed", subject: 'svc could not start the test "Test sched-no-goal" as scheduled' }));
  });

  it("completes a test set to stop once decided, with the variant that won, once", async () => {
    expect(await statusOf(SHIP.id)).toBe("running");
    expect((await postAction(url(), SHOP, `/app/tests/${SHIP.id}/schedule`, { endAt: "", stopWhenDecided: "on" })).status).toBe(200);
    await waitForStatus(SHIP.id, "completed", 12_000);
    const page = await loaderData(url(), SHOP, `/app/tests/${SHIP.id}`, TEST_ROUTE);
    // seedTest names the second arm "Variant B".
    expect(page.data.lifecycle.winner).toBe("Variant B");
    expect(page.data.schedule.endedBy).toBe("ship");
    // A few more passes send nothing more.
    await new Promise((r) => setTimeout(r, 2500));
    const decided = (await outbox()).filter((e) => e.kind === "decided-stop");
    expect(decided).toEqual([expect.objectContaining({ subject: `svc completed the test "Test ${SHIP.id}": a winner` })]);
  });

  it("serves no winner by itself on purchases the browser reported: the owner is told it is decided, and ships it with a click", async () => {
    const deadline = Date.now() + 12_000;
    while (Date.now() < deadline && !(await outbox()).some((e) => e.kind === "decided" && e.subject.includes('"Test ship-web"'))) await new Promise((r) => setTimeout(r, 250));
    expect(await statusOf("ship-web")).toBe("running");
    expect((await outbox()).filter((e) => e.subject.includes('"Test ship-web"')).map((e) => e.kind)).toEqual(["decided"]);
  });

  it("pauses a running test whose variant trips its guardrail, says why, emails the owner, and not again for the same loss once resumed", async () => {
    const paused = await waitForStatus("guard-a", "paused", 12_000);
    expect(paused).toBeGreaterThan(0);
    const page = await loaderData(url(), SHOP, "/app/tests/guard-a", TEST_ROUTE);
    expect(page.data.lifecycle.pausedReason).toMatch(/^Guardrail: "Variant B" lowers (conversion rate|revenue per visitor) on "purchase" by 30\.0% \(interval /);
    // Read once for the three checks below.
    const sent = await outbox();
    expect(sent).toContainEqual(expect.objectContaining({ kind: "guardrail-pause", to: "owner@example.com", subject: 'svc paused the test "Test guard-a": a guardrail was tripped' }));
    const served = (await (await getPatches(url(), SITE, newId())).json()) as PatchesResponse;
    expect(served.tests.map((t) => t.test)).not.toContain("guard-a");
    // The same numbers without a guardrail: the merchant decides, told once that it is decided.
    expect(await statusOf("guard-off")).toBe("running");
    expect(sent).toContainEqual(expect.objectContaining({ kind: "decided", subject: 'The test "Test guard-off" is decided: keep the original' }));
    expect(sent.filter((e) => e.kind === "decided" && e.subject.includes("guard-a"))).toEqual([]);
    // Resumed knowingly: its guardrails judge the days after the pause only, so a few more passes leave it running.
    expect((await postAction(url(), SHOP, "/app/tests/guard-a", { intent: "resume" })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await statusOf("guard-a")).toBe("running");
    expect((await outbox()).filter((e) => e.kind === "guardrail-pause" && e.subject.includes('"Test guard-a"'))).toHaveLength(1);
  });

  it("pauses a running test whose variant's orders are refunded clearly more often, with the refund share as the reason", async () => {
    await waitForStatus("guard-refund", "paused", 12_000);
    const page = await loaderData(url(), SHOP, "/app/tests/guard-refund", TEST_ROUTE);
    expect(page.data.lifecycle.pausedReason).toMatch(/^Guardrail: "Variant B" raises the refund share of "purchase" orders by 10\.0 points \(interval \+\d+\.\d to \+\d+\.\d points, always valid at 99\.33%, one of 3 checks sharing this test's 2% budget for a false pause\)/);
  });

  it("pauses a test set to pause on flicker once its variant keeps content hidden too long, and leaves one not set so running", async () => {
    expect((await postAction(url(), SHOP, "/app/tests/blank-a/schedule", { endAt: "", pauseOnFlicker: "on" })).status).toBe(200);
    expect((await loaderData(url(), SHOP, "/app/tests/blank-a", TEST_ROUTE)).data.schedule.pauseOnFlicker).toBe(true);
    await waitForStatus("blank-a", "paused", 12_000);
    const page = await loaderData(url(), SHOP, "/app/tests/blank-a", TEST_ROUTE);
    expect(page.data.lifecycle.pausedReason).toMatch(/^Guardrail: "Variant B" kept content hidden for 800 ms at the median over its last 240 exposures \(the limit is 500 ms\)/);
    expect(await statusOf("blank-off")).toBe("running");
    expect((await loaderData(url(), SHOP, "/app/tests/blank-off", TEST_ROUTE)).data.schedule.pauseOnFlicker).toBe(false);
  });

  it("tells the owner once that a test's sample ratio mismatches, and keeps it running", async () => {
    const deadline = Date.now() + 12_000;
    while (Date.now() < deadline && !(await outbox()).some((e) => e.kind === "srm")) await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setTimeout(r, 2500));
    expect((await outbox()).filter((e) => e.kind === "srm")).toEqual([
      expect.objectContaining({ to: "owner@example.com", subject: 'Do not trust the test "Test srm-a" yet: its visitors are not split as set' }),
    ]);
    expect(await statusOf("srm-a")).toBe("running");
  });
});
