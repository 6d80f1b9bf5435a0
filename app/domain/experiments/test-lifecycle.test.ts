import { describe, expect, it } from "vitest";
import { decideTransition, intentsFrom, parseLifecycleForm, type LifecycleTest, type TestStatus } from "./test-lifecycle";

const NOW = new Date("2026-03-01T12:00:00Z");
const EARLIER = new Date("2026-02-01T08:00:00Z");

const ready = (over: Partial<LifecycleTest> = {}): LifecycleTest => ({
  status: "draft",
  startedAt: null,
  arms: [
    { id: "a", weight: 1 },
    { id: "b", weight: 1 },
  ],
  goals: [{ isPrimary: true }],
  sitePaused: false,
  ...over,
});

describe("start", () => {
  it("runs a ready draft and stamps its first start", () => {
    expect(decideTransition(ready(), { intent: "start" }, NOW)).toEqual({ ok: true, change: { status: "running", startedAt: NOW } });
  });

  it("keeps the first start of a test that ran before", () => {
    const decision = decideTransition(ready({ startedAt: EARLIER }), { intent: "start" }, NOW);
    expect(decision).toEqual({ ok: true, change: { status: "running", startedAt: EARLIER } });
  });

  it.each([
    ["no-control", { arms: [] }],
    ["no-variant", { arms: [{ id: "a", weight: 1 }] }],
    ["zero-weight", { arms: [{ id: "a", weight: 1 }, { id: "b", weight: 0 }] }],
    ["no-primary-goal", { goals: [{ isPrimary: false }] }],
    ["no-primary-goal", { goals: [] }],
    ["site-paused", { sitePaused: true }],
  ] as const)("refuses with %s", (code, over) => {
    const decision = decideTransition(ready(over as Partial<LifecycleTest>), { intent: "start" }, NOW);
    expect(decision.ok).toBe(false);
    if (!decision.ok) {
      expect(decision.refusal.code).toBe(code);
      expect(decision.refusal.message.length).toBeGreaterThan(10);
    }
  });
});

describe("pause and resume", () => {
  it("pauses a running test without touching anything else", () => {
    expect(decideTransition(ready({ status: "running" }), { intent: "pause" }, NOW)).toEqual({ ok: true, change: { status: "paused" } });
  });

  it("resumes a paused test and clears the service's reason", () => {
    expect(decideTransition(ready({ status: "paused" }), { intent: "resume" }, NOW)).toEqual({
      ok: true,
      change: { status: "running", pausedReason: null },
    });
  });

  it("refuses to resume while the site is paused by the service, and says to resume the site", () => {
    const decision = decideTransition(ready({ status: "paused", sitePaused: true }), { intent: "resume" }, NOW);
    expect(decision).toMatchObject({ ok: false, refusal: { code: "site-paused" } });
    if (!decision.ok) expect(decision.refusal.message).toMatch(/Resume the site/);
  });
});

describe("complete", () => {
  it.each(["running", "paused"] as const)("ends a %s test with its winner", (status) => {
    expect(decideTransition(ready({ status }), { intent: "complete", winnerArmId: "b" }, NOW)).toEqual({
      ok: true,
      change: { status: "completed", endedAt: NOW, winnerArmId: "b", pausedReason: null },
    });
  });

  it("ends a test with no winner", () => {
    const decision = decideTransition(ready({ status: "running" }), { intent: "complete", winnerArmId: null }, NOW);
    expect(decision).toMatchObject({ ok: true, change: { winnerArmId: null } });
  });

  it("refuses a winner that is not one of the test's arms", () => {
    const decision = decideTransition(ready({ status: "running" }), { intent: "complete", winnerArmId: "other-test-arm" }, NOW);
    expect(decision).toMatchObject({ ok: false, refusal: { code: "unknown-winner" } });
  });
});

describe("archive", () => {
  it.each(["completed", "draft"] as const)("archives a %s test", (status) => {
    expect(decideTransition(ready({ status }), { intent: "archive" }, NOW)).toEqual({ ok: true, change: { status: "archived" } });
  });
});

describe("ship the winner", () => {
  it("keeps serving a variant declared the winner when asked, never the control or no winner", () => {
    expect(decideTransition(ready({ status: "running" }), { intent: "complete", winnerArmId: "b", serveWinner: true }, NOW)).toEqual({
      ok: true,
      change: { status: "completed", endedAt: NOW, winnerArmId: "b", pausedReason: null, servingWinner: true },
    });
    for (const winnerArmId of ["a", null]) {
      const decision = decideTransition(ready({ status: "running" }), { intent: "complete", winnerArmId, serveWinner: true }, NOW);
      expect(decision.ok && decision.change.servingWinner).toBeFalsy();
    }
  });

  it("ends serving on request and on archive, and refuses to end what is not served", () => {
    const serving = ready({ status: "completed", servingWinner: true });
    expect(decideTransition(serving, { intent: "end-serving" }, NOW)).toEqual({ ok: true, change: { status: "completed", servingWinner: false } });
    expect(decideTransition(serving, { intent: "archive" }, NOW)).toEqual({ ok: true, change: { status: "archived", servingWinner: false } });
    expect(decideTransition(ready({ status: "completed" }), { intent: "end-serving" }, NOW)).toMatchObject({ ok: false, refusal: { code: "not-allowed-now" } });
    expect(decideTransition(ready({ status: "running" }), { intent: "end-serving" }, NOW)).toMatchObject({ ok: false, refusal: { code: "not-allowed-now" } });
    expect(intentsFrom("completed", true)).toEqual(["archive", "end-serving"]);
  });

  it("reads the serve checkbox from the complete form", () => {
    expect(parseLifecycleForm({ intent: "complete", winner: "b", serve: "on" })).toEqual({ ok: true, value: { intent: "complete", winnerArmId: "b", serveWinner: true } });
    // Confirming against the data means something only beside serving.
    expect(parseLifecycleForm({ intent: "complete", winner: "b", serve: "on", against: "confirmed" })).toEqual({ ok: true, value: { intent: "complete", winnerArmId: "b", serveWinner: true, againstData: true } });
    expect(parseLifecycleForm({ intent: "complete", winner: "b", against: "confirmed" })).toEqual({ ok: true, value: { intent: "complete", winnerArmId: "b" } });
    expect(parseLifecycleForm({ intent: "complete", winner: "b", serve: "on", against: "yes" })).toEqual({ ok: true, value: { intent: "complete", winnerArmId: "b", serveWinner: true } });
    expect(parseLifecycleForm({ intent: "end-serving", winner: null })).toEqual({ ok: true, value: { intent: "end-serving" } });
  });
});

describe("what each status allows", () => {
  const table: Record<TestStatus, string[]> = {
    draft: ["start", "archive"],
    running: ["pause", "complete"],
    paused: ["resume", "complete"],
    completed: ["archive"],
    archived: [],
  };

  it.each(Object.entries(table))("%s allows %j", (status, intents) => {
    expect(intentsFrom(status as TestStatus)).toEqual(intents);
  });

  it("refuses every other change as not allowed now, naming the status", () => {
    for (const status of Object.keys(table) as TestStatus[]) {
      for (const intent of ["start", "pause", "resume", "archive"] as const) {
        if (table[status].includes(intent)) continue;
        const decision = decideTransition(ready({ status }), { intent }, NOW);
        expect(decision).toMatchObject({ ok: false, refusal: { code: "not-allowed-now" } });
        if (!decision.ok) expect(decision.refusal.message).toContain(status);
      }
    }
    expect(decideTransition(ready({ status: "archived" }), { intent: "complete", winnerArmId: null }, NOW)).toMatchObject({
      ok: false,
      refusal: { message: "An archived test cannot be completed." },
    });
  });
});

describe("parseLifecycleForm", () => {
  it("reads the merchant's confirmation that an overlapping test is independent, for start and resume only", () => {
    expect(parseLifecycleForm({ intent: "start", winner: null, independent: "confirmed" })).toEqual({ ok: true, value: { intent: "start", independent: true } });
    expect(parseLifecycleForm({ intent: "resume", winner: null, independent: "confirmed" })).toEqual({ ok: true, value: { intent: "resume", independent: true } });
    expect(parseLifecycleForm({ intent: "start", winner: null, independent: "yes" })).toEqual({ ok: true, value: { intent: "start" } });
    expect(parseLifecycleForm({ intent: "pause", winner: null, independent: "confirmed" })).toEqual({ ok: true, value: { intent: "pause" } });
  });

  it("reads each intent", () => {
    expect(parseLifecycleForm({ intent: "pause", winner: null })).toEqual({ ok: true, value: { intent: "pause" } });
    expect(parseLifecycleForm({ intent: "complete", winner: "b" })).toEqual({ ok: true, value: { intent: "complete", winnerArmId: "b" } });
    expect(parseLifecycleForm({ intent: "complete", winner: "none" })).toEqual({ ok: true, value: { intent: "complete", winnerArmId: null } });
  });

  it.each([
    [{ intent: "delete", winner: null }, "intent"],
    [{ intent: null, winner: null }, "intent"],
    [{ intent: "complete", winner: null }, "winner"],
    [{ intent: "complete", winner: " " }, "winner"],
  ])("refuses %j on %s", (form, field) => {
    expect(parseLifecycleForm(form)).toMatchObject({ ok: false, field });
  });
});
