// The schedule pass (app/services/schedule.server.ts) run in this process on a real database at moments the test
// chooses, rather than by a server's timer in real time: a draft starts at its start and completes at its end
// (served by /api/patches in between, never a second early), a start that cannot happen is cleared and reported,
// a test set to stop once decided completes itself with its winner, and a running test is paused by its
// guardrails, told of once when decided or mismatched. Each case reads what the test's page and the snippet are
// answered from (loadSchedule, loadLifecycleState, loadTestList, patchesForVisitor). test-schedule.test.ts keeps
// the form over HTTP and one real server whose timer really runs these passes.
import { beforeAll, describe, expect, it } from "vitest";
import { RESULTS_SCENARIOS } from "~/demo/results-scenarios";
import { utcToZonedInput } from "~/domain/experiments/schedule";
import { shortTime } from "~/domain/experiments/test-glance";
import { changeTestStatus, loadLifecycleState } from "~/services/admin/test-lifecycle.server";
import { loadTestList, parseListFilter } from "~/services/admin/test-list.server";
import { loadSchedule, saveSchedule } from "~/services/admin/test-schedule.server";
import { runSchedule } from "~/services/schedule.server";
import { patchesForVisitor } from "~/services/storefront/patches.server";
import { databaseKinds } from "../support/databases";
import { useAppInProcess } from "../support/in-process";
import { networkRowsFor, purchaseRows, seedRows, seedShop, seedSite, seedTest, ago } from "../support/seed";
import { newId } from "../support/snippet-client";

const SHOP = "svc-schedule.myshopify.com";
const SITE = "sched-site";
const ZONE = "America/New_York";
const SHIP = RESULTS_SCENARIOS.find((s) => s.state === "ship")!;

/** The instant `at` (ms), as the shop's datetime-local value with seconds (the form accepts them, not milliseconds). */
const localAt = (at: number) => {
  const date = new Date(at);
  return `${utcToZonedInput(date, ZONE)}:${String(date.getUTCSeconds()).padStart(2, "0")}`;
};

describe.each(databaseKinds)("the schedule pass at chosen moments (%s)", (kind) => {
  const app = useAppInProcess(kind);
  const lines: string[] = [];
  // The clock the passes run at: it starts at the real time (the seeds' days and ages are the database's) and
  // only moves forward, by what each case says; whole seconds, as the form keeps them.
  let now = Math.floor(Date.now() / 1000) * 1000;
  /** One pass at the clock's time, as the job runs it, with no Admin API (no shop here is installed). */
  const pass = () => runSchedule(new Date(now), async () => null, (line) => lines.push(line));
  /** More passes, a second apart, as the job would run them: two show that a notice is sent once. */
  const morePasses = async (count = 2) => {
    for (let i = 0; i < count; i++) {
      now += 1000;
      await pass();
    }
  };

  const lifecycleOf = async (testId: string) => {
    const state = await loadLifecycleState(SHOP, testId);
    if (!state.ok) throw new Error(`${testId}: ${state.problem.title}`);
    return state.value;
  };
  const statusOf = async (testId: string) => (await lifecycleOf(testId)).status as string;
  const scheduleOf = async (testId: string) => {
    const schedule = await loadSchedule(SHOP, testId);
    if (!schedule.ok) throw new Error(`${testId}: ${schedule.problem.title}`);
    return schedule.value;
  };
  const served = async (site: string) => {
    const answer = await patchesForVisitor({ site, vid: newId(), sid: newId() });
    if (!answer.ok) throw new Error(answer.problem.title);
    return answer.value.tests.map((t) => t.test);
  };
  const outbox = () => app.sql.query<{ kind: string; to: string; subject: string }>(`SELECT kind, "to", subject FROM "OutboxEmail" ORDER BY "createdAt"`);

  beforeAll(async () => {
    const sql = app.sql;
    // Every notice switched on in Settings (none is sent unasked: notices.test.ts).
    await seedShop(sql, { domain: SHOP, ownerEmail: "owner@example.com", notices: ["decided", "srm", "guardrail", "misuse", "schedule"], timeZone: ZONE });
    await seedSite(sql, { shop: SHOP, id: SITE });
    await seedTest(sql, { id: "sched-a", site: SITE, pages: ["/demo"], goals: ["purchase"] });
    await seedTest(sql, { id: "sched-no-goal", site: SITE, pages: ["/demo"] });
    const [site] = await sql.query<{ id: string }>(`SELECT id FROM "Site" WHERE "publicId" = $1`, [SITE]);
    // Each with its visitors spread over many networks, as honest traffic is: svc acts on nothing else.
    const withNetworks = async (rows: Parameters<typeof networkRowsFor>[0]) => {
      await seedRows(sql, "DailyRollup", [...rows]);
      await seedRows(sql, "NetworkRollup", networkRowsFor(rows, 200));
    };
    // The ship example's rollups under a running test with the same arm ids, decided from the first pass: on
    // the shop's storefront, whose purchases are its signed orders, and on a web site, whose are the browser's.
    // The storefront site installing the shop makes (here seeded: no shop is installed in this process).
    const storefront = await seedSite(sql, { shop: SHOP, id: "sched-storefront", kind: "shopify", name: "Online Store" });
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

  it("starts a draft at its start and completes it at its end, serving it in between", async () => {
    const startAt = now + 60_000;
    const startText = localAt(startAt);
    const endAt = startAt + 60_000;
    const saved = await saveSchedule(SHOP, "sched-a", { startAt: startText, endAt: localAt(endAt) }, new Date(now));
    expect(saved.ok).toBe(true);
    // The tests list says it at a glance, in the shop's zone.
    const row = (await loadTestList(SHOP, parseListFilter(null))).tests.find((t) => t.id === "sched-a");
    expect(row?.glance).toEqual([`Starts ${shortTime(new Date(startAt), ZONE)}`, `Ends ${shortTime(new Date(endAt), ZONE)}`]);
    expect((await scheduleOf("sched-a")).startAt).toBe(startText.slice(0, 16));
    // Never before its start: a pass a second early leaves it a draft, unserved.
    now = startAt - 1000;
    await pass();
    expect(await statusOf("sched-a")).toBe("draft");
    expect(await served(SITE)).not.toContain("sched-a");
    now = startAt;
    expect((await pass()).started).toEqual(["sched-a"]);
    expect(await statusOf("sched-a")).toBe("running");
    expect(await served(SITE)).toContain("sched-a");
    // Nor ended before its end.
    now = endAt - 1000;
    await pass();
    expect(await statusOf("sched-a")).toBe("running");
    now = endAt;
    expect((await pass()).ended).toEqual(["sched-a"]);
    expect(await statusOf("sched-a")).toBe("completed");
    expect(await served(SITE)).not.toContain("sched-a");
    expect(await scheduleOf("sched-a")).toMatchObject({ endedBy: "schedule", canSetEnd: false });
    expect(await outbox()).toContainEqual(expect.objectContaining({ kind: "schedule-end", to: "owner@example.com", subject: 'svc completed the test "Test sched-a" at its scheduled end' }));
  });

  it("clears a scheduled start the test is not ready for, and tells the owner why", async () => {
    expect((await saveSchedule(SHOP, "sched-no-goal", { startAt: localAt(now + 6000) }, new Date(now))).ok).toBe(true);
    expect((await scheduleOf("sched-no-goal")).startAt).not.toBe("");
    now += 6000;
    expect((await pass()).refused).toEqual(["sched-no-goal"]);
    expect(await statusOf("sched-no-goal")).toBe("draft");
    expect((await scheduleOf("sched-no-goal")).startAt).toBe("");
    expect(await outbox()).toContainEqual(expect.objectContaining({ kind: "schedule-start-failed", subject: 'svc could not start the test "Test sched-no-goal" as scheduled' }));
  });

  it("completes a test set to stop once decided, with the variant that won, once", async () => {
    expect(await statusOf(SHIP.id)).toBe("running");
    expect((await saveSchedule(SHOP, SHIP.id, { endAt: "", stopWhenDecided: "on" }, new Date(now))).ok).toBe(true);
    now += 1000;
    await pass();
    expect(await statusOf(SHIP.id)).toBe("completed");
    const lifecycle = await lifecycleOf(SHIP.id);
    // seedTest names the second arm "Variant B".
    expect(lifecycle.winner).toBe("Variant B");
    expect((await scheduleOf(SHIP.id)).endedBy).toBe("ship");
    // A few more passes send nothing more.
    await morePasses();
    const decided = (await outbox()).filter((e) => e.kind === "decided-stop");
    expect(decided).toEqual([expect.objectContaining({ subject: `svc completed the test "Test ${SHIP.id}": a winner` })]);
  });

  it("serves no winner by itself on purchases the browser reported: the owner is told it is decided, and ships it with a click", async () => {
    await morePasses();
    expect(await statusOf("ship-web")).toBe("running");
    expect((await outbox()).filter((e) => e.subject.includes('"Test ship-web"')).map((e) => e.kind)).toEqual(["decided"]);
  });

  it("pauses a running test whose variant trips its guardrail, says why, emails the owner, and not again for the same loss once resumed", async () => {
    // Paused by the first pass that saw it (an earlier case's, when it ran one).
    await morePasses(1);
    expect(await statusOf("guard-a")).toBe("paused");
    expect((await lifecycleOf("guard-a")).pausedReason).toMatch(/^Guardrail: "Variant B" lowers (conversion rate|revenue per visitor) on "purchase" by 30\.0% \(interval /);
    // Read once for the three checks below.
    const sent = await outbox();
    expect(sent).toContainEqual(expect.objectContaining({ kind: "guardrail-pause", to: "owner@example.com", subject: 'svc paused the test "Test guard-a": a guardrail was tripped' }));
    expect(await served(SITE)).not.toContain("guard-a");
    // The same numbers without a guardrail: the merchant decides, told once that it is decided.
    expect(await statusOf("guard-off")).toBe("running");
    expect(sent).toContainEqual(expect.objectContaining({ kind: "decided", subject: 'The test "Test guard-off" is decided: keep the original' }));
    expect(sent.filter((e) => e.kind === "decided" && e.subject.includes("guard-a"))).toEqual([]);
    // Resumed knowingly: its guardrails judge the days after the pause only, so a few more passes leave it running.
    now += 500;
    expect((await changeTestStatus(SHOP, "guard-a", { intent: "resume" }, null, new Date(now))).ok).toBe(true);
    await morePasses();
    expect(await statusOf("guard-a")).toBe("running");
    expect((await outbox()).filter((e) => e.kind === "guardrail-pause" && e.subject.includes('"Test guard-a"'))).toHaveLength(1);
  });

  it("pauses a running test whose variant's orders are refunded clearly more often, with the refund share as the reason", async () => {
    await morePasses(1);
    expect(await statusOf("guard-refund")).toBe("paused");
    expect((await lifecycleOf("guard-refund")).pausedReason).toMatch(/^Guardrail: "Variant B" raises the refund share of "purchase" orders by 10\.0 points \(interval \+\d+\.\d to \+\d+\.\d points, always valid at 99\.33%, one of 3 checks sharing this test's 2% budget for a false pause\)/);
  });

  it("pauses a test set to pause on flicker once its variant keeps content hidden too long, and leaves one not set so running", async () => {
    expect((await saveSchedule(SHOP, "blank-a", { endAt: "", pauseOnFlicker: "on" }, new Date(now))).ok).toBe(true);
    expect((await scheduleOf("blank-a")).pauseOnFlicker).toBe(true);
    await morePasses(1);
    expect(await statusOf("blank-a")).toBe("paused");
    expect((await lifecycleOf("blank-a")).pausedReason).toMatch(/^Guardrail: "Variant B" kept content hidden for 800 ms at the median over its last 240 exposures \(the limit is 500 ms\)/);
    expect(await statusOf("blank-off")).toBe("running");
    expect((await scheduleOf("blank-off")).pauseOnFlicker).toBe(false);
  });

  it("tells the owner once that a test's sample ratio mismatches, and keeps it running", async () => {
    await morePasses();
    expect((await outbox()).filter((e) => e.kind === "srm")).toEqual([
      expect.objectContaining({ to: "owner@example.com", subject: 'Do not trust the test "Test srm-a" yet: its visitors are not split as set' }),
    ]);
    expect(await statusOf("srm-a")).toBe("running");
  });
});
