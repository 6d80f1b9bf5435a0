// A test's schedule on the real server and database, with the schedule job running every second: the shop's
// time zone comes from Shopify at install, the form gives field errors for what cannot be a schedule, and a
// draft starts and then completes at the times entered (served by /api/patches in between), by the server's
// own timer. What each pass does, at moments chosen to the second and without waiting for them, is
// schedule-pass.test.ts's (the same pass, in the test's process).
import { beforeAll, describe, expect, it } from "vitest";
import { utcToZonedInput } from "~/domain/experiments/schedule";
import { shortTime } from "~/domain/experiments/test-glance";
import type { PatchesResponse } from "~/wire";
import { databaseKinds } from "../support/databases";
import { loaderData, postAction } from "../support/admin-route-data";
import { seedSite, seedTest } from "../support/seed";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { getPatches, newId } from "../support/snippet-client";

const SHOP = "svc-schedule.myshopify.com";
const SITE = "sched-site";
const ZONE = "America/New_York";
const TEST_ROUTE = "routes/app.tests.$testId";

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
      await sql.query(`UPDATE "Shop" SET "ownerEmail" = 'owner@example.com', notices = ARRAY['decided','srm','guardrail','misuse','schedule'] WHERE domain = $1`, [SHOP]);
      await seedSite(sql, { shop: SHOP, id: SITE });
      for (const id of ["sched-a", "sched-errors"]) await seedTest(sql, { id, site: SITE, pages: ["/demo"], goals: ["purchase"] });
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
    // Far enough ahead that a slow request on a loaded machine still saves it (and the checks below read it a
    // draft) before it is due; the times to the second are schedule-pass.test.ts's, with a clock of its own.
    // The form keeps whole seconds, so the start is the second the text names, not Date.now()'s millisecond.
    const startAt = Math.floor((Date.now() + 5000) / 1000) * 1000;
    const startText = localAt(startAt);
    const endAt = startAt + 4000;
    const saved = await postAction(url(), SHOP, "/app/tests/sched-a/schedule", { startAt: startText, endAt: localAt(endAt) });
    expect(saved.status).toBe(200);
    // The tests list says it at a glance, in the shop's zone.
    const list = await loaderData(url(), SHOP, "/app", "routes/app._index");
    const row = list.data.tests.find((t: { id: string }) => t.id === "sched-a");
    expect(row.glance).toEqual([`Starts ${shortTime(new Date(startAt), ZONE)}`, `Ends ${shortTime(new Date(endAt), ZONE)}`]);
    expect((await loaderData(url(), SHOP, "/app/tests/sched-a", TEST_ROUTE)).data.schedule.startAt).toBe(startText.slice(0, 16));
    expect(await statusOf("sched-a")).toBe("draft");
    const running = await waitForStatus("sched-a", "running", 15_000);
    // Within a pass (1 s) and a request of the time, never before it.
    expect(running).toBeGreaterThanOrEqual(startAt);
    const served = (await (await getPatches(url(), SITE, newId())).json()) as PatchesResponse;
    expect(served.tests.map((t) => t.test)).toContain("sched-a");
    await waitForStatus("sched-a", "completed", 15_000);
    const after = (await (await getPatches(url(), SITE, newId())).json()) as PatchesResponse;
    expect(after.tests.map((t) => t.test)).not.toContain("sched-a");
    // The pass records why it ended the test (and queues its email) right after the completion itself, which first
    // rewrites the storefront's plans: on a loaded machine the status can be read between the two (a clean-clone run
    // on 2026-12-07 read endedBy null), so the page is read once the reason is in.
    const endedBy = async () => (await ctx.sql((sql) => sql.query<{ endedBy: string | null }>(`SELECT "endedBy" FROM "Test" WHERE id = 'sched-a'`)))[0]?.endedBy;
    for (const started = Date.now(); (await endedBy()) === null && Date.now() - started < 10_000; ) await new Promise((r) => setTimeout(r, 100));
    const page = await loaderData(url(), SHOP, "/app/tests/sched-a", TEST_ROUTE);
    expect(page.data.schedule).toMatchObject({ endedBy: "schedule", canSetEnd: false });
    expect(await outbox()).toContainEqual(expect.objectContaining({ kind: "schedule-end", to: "owner@example.com", subject: 'svc completed the test "Test sched-a" at its scheduled end' }));
  });
});
