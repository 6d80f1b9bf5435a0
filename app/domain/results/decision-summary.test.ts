import { describe, expect, it } from "vitest";
import { buildResults, type ResultsInput, type RollupRow } from "./build-results";
import { decisionSummary, primaryMarkOf, type DecisionSummary } from "./decision-summary";
import { CHANCE_RECONCILIATION, decisionWords, intervalText, markText, UNBOUNDED_INTERVAL } from "./decision-words";
import { planSample } from "./stats";
import type { ResultsView } from "./view";

const TODAY = "2026-11-10";
const test = { id: "t", name: "Headline", status: "running", startedAt: "2026-11-01T00:00:00.000Z", pages: ["/"], trafficPercent: 100, minDetectableEffect: 0.1 };
const arms = [
  { id: "a", key: "control", name: "Original", weight: 1 },
  { id: "b", key: "b", name: "Bold", weight: 1 },
];

interface ArmDay {
  visitors: number;
  converting: number;
  revenue?: number;
}

/** One day's exposure and goal rows for both arms; revenue squares and cubes as if each order were the same size. */
function day(date: string, control: ArmDay, variant: ArmDay, goal = "purchase"): RollupRow[] {
  return (["a", "b"] as const).flatMap((armId, i) => {
    const d = i === 0 ? control : variant;
    const revenue = d.revenue ?? 0;
    const order = d.converting > 0 ? revenue / d.converting : 0;
    const base = { armId, day: date, exposures: 0, exposedVisitors: 0, convertingVisitors: 0, conversions: 0, revenue: 0, revenueSquares: 0, refunded: 0 };
    return [
      { ...base, goal: "", currency: "", exposures: d.visitors, exposedVisitors: d.visitors },
      { ...base, goal, currency: "USD", convertingVisitors: d.converting, conversions: d.converting, revenue, revenueSquares: d.converting * order * order, cappedRevenueCubes: d.converting * order ** 3 },
    ];
  });
}

function view(rollups: RollupRow[], over: Partial<ResultsInput["test"]> = {}): ResultsView {
  const input: ResultsInput = { test: { ...test, ...over }, arms, goals: [{ label: "purchase", isPrimary: true }], currency: "USD", rollups, flicker: [] };
  return buildResults(input);
}

const summarize = (v: ResultsView, declaredWinner: string | null = null): DecisionSummary => decisionSummary(v, { today: TODAY, declaredWinner });

// Ten days of traffic at 1,000 visitors per arm a day.
const tenDays = (control: ArmDay, variant: ArmDay) => Array.from({ length: 10 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, "0")}`, control, variant)).flat();

describe("decisionSummary", () => {
  it("says a draft has not started, never that it is collecting", () => {
    const s = summarize(view(day("2026-11-09", { visitors: 5, converting: 0 }, { visitors: 5, converting: 0 }), { status: "draft", startedAt: null }));
    expect(s).toMatchObject({ state: "not-started", lifecycle: "draft", decided: false, timeToGo: null, called: null });
    const words = decisionWords(s);
    expect(words.title).toBe("Not started");
    expect(JSON.stringify(words)).not.toMatch(/Collecting/);
    // A scheduled draft says when it starts, in the shop's zone (results-page.server.ts sets it).
    const scheduled = decisionWords({ ...s, scheduledStart: "Nov 27, 9:00 AM (America/New_York)" });
    expect(scheduled.title).toBe("Starts Nov 27, 9:00 AM (America/New_York)");
    expect(scheduled.sentences[0]).toBe("This test is scheduled to start Nov 27, 9:00 AM (America/New_York): until then no visitor sees it and nothing is measured.");
  });

  it("collects below the minimum, with how long to go at the current pace", () => {
    const s = summarize(view(day("2026-11-09", { visitors: 50, converting: 5 }, { visitors: 50, converting: 6 })));
    expect(s.state).toBe("collecting");
    expect(s.timeToGo).toMatchObject({ remainingUsers: expect.any(Number), days: expect.any(Number) });
    expect(decisionWords(s).sentences[0]).toBe("Each arm needs at least 100 visitors and some conversions on purchase before the page judges.");
  });

  it("tells a running test without evidence to keep running about N days, and marks no arm decided", () => {
    const v = view(tenDays({ visitors: 200, converting: 20 }, { visitors: 200, converting: 21 }));
    const s = summarize(v);
    expect(s.state).toBe("keep-running");
    // 4,000 visitors in ten days: 400 a day; the plan (results/stats.ts) is 56,484 visitors for a 10% rate. Past 90
    // days, the advice: a 15% MDE, by the same plan, on the 4,000 visitors the test already has.
    const at15 = planSample([{ id: "a", weight: 1 }, { id: "b", weight: 1 }], 0.1, 0.15, 0.05)!.usersNeeded;
    expect(s.timeToGo).toEqual({
      usersNeeded: 56484,
      remainingUsers: 52484,
      days: 52484 / 400,
      advice: { dailyVisitors: 400, mde: { mde: 0.15, days: (at15 - 4000) / 400 }, goal: null },
    });
    expect(decisionWords(s).title).toBe("Keep running: about 132 days more");
    expect(primaryMarkOf(s, "b")).toBe("not-yet");
    expect(s.decided).toBe(false);
  });

  it("ships a clear winner with its interval and its worth per month, and drops how long to go", () => {
    // Control 5% at $40 an order ($2 per visitor); Bold 8%.
    const v = view(tenDays({ visitors: 1000, converting: 50, revenue: 2000 }, { visitors: 1000, converting: 80, revenue: 3200 }));
    const s = summarize(v);
    const bold = v.goals[0]!.arms[1]!;
    expect(s).toMatchObject({ state: "ship", decided: true, timeToGo: null, called: { armId: "b", armName: "Bold", lift: bold.lift, ciLow: bold.ciLow, ciHigh: bold.ciHigh, unbounded: false } });
    // Revenue per visitor's lift × control revenue per visitor × visitors per month: 0.6 × $2 × (20,000 / 10 days × 30),
    // its interval's ends the same way (orders of one size: revenue per visitor rose as conversion did).
    expect(s.worth).toMatchObject({ metric: "revenue", visitorsPerMonth: 60_000 });
    expect(bold.revenueLift).toBeCloseTo(0.6, 12);
    expect(s.worth?.perMonth).toBeCloseTo(bold.revenueLift! * 2 * 60_000, 6);
    expect(s.worth?.low).toBeCloseTo(bold.revenueCiLow! * 2 * 60_000, 6);
    expect(s.worth?.high).toBeCloseTo(bold.revenueCiHigh! * 2 * 60_000, 6);
    expect(s.moneyDisagreement).toBeNull();
    expect(primaryMarkOf(s, "b")).toBe("better");
    // The chance to win agrees with the call: shown as it is, no reconciling sentence.
    expect(s.goals[0]?.arms[1]?.chance).toBe("agrees");
    expect(s.chanceNote).toBe(false);
    const words = decisionWords(s);
    expect(words.title).toBe("Ship Bold");
    expect(words.tone).toBe("success");
    expect(words.timeToGo).toBeNull();
    expect(words.sentences[0]).toMatch(/^Bold converts better than Original on purchase: lift \+60\.0% \(\+\d+\.\d% to \+\d+\.\d%\)\.$/);
    expect(words.sentences.join(" ")).toMatch(/Worth about \$72,000 a month in revenue at current traffic \(between \$[\d,]+ and \$[\d,]+\), from revenue per visitor's lift\./);
  });

  it("counts the worth on revenue per visitor, not on the conversion lift, when orders got smaller", () => {
    // Control 5% at $40 ($2.00 a visitor); Bold 8% at $30 ($2.40): conversion +60%, revenue per visitor +20%.
    const v = view(tenDays({ visitors: 1000, converting: 50, revenue: 2000 }, { visitors: 1000, converting: 80, revenue: 2400 }));
    const bold = v.goals[0]!.arms[1]!;
    const s = summarize(v);
    expect(s.state).toBe("ship");
    expect(bold.lift).toBeCloseTo(0.6, 12);
    expect(bold.revenueLift).toBeCloseTo(0.2, 12);
    // $24,000 a month, not the $72,000 the conversion lift would have made of it.
    expect(s.worth?.perMonth).toBeCloseTo(0.2 * 2 * 60_000, 6);
    expect(decisionWords(s).sentences.join(" ")).toMatch(/Worth about \$24,000 a month in revenue at current traffic \(between [−-]?\$[\d,]+ and \$[\d,]+\), from revenue per visitor's lift\./);
  });

  it("announces no worth for the issue's test, whose conversion rose 150% while revenue per visitor fell 25%", () => {
    // Control 2% at $50 ($1.00 a visitor); Bold 5% at $15 ($0.75).
    const v = view(tenDays({ visitors: 1000, converting: 20, revenue: 1000 }, { visitors: 1000, converting: 50, revenue: 750 }));
    const bold = v.goals[0]!.arms[1]!;
    expect(bold.lift).toBeCloseTo(1.5, 12);
    expect(bold.revenueLift).toBeCloseTo(-0.25, 12);
    const s = summarize(v);
    expect(s).toMatchObject({ state: "keep-running", worth: null, heldBack: { metric: "revenue per visitor" } });
    expect(decisionWords(s).sentences.join(" ")).not.toMatch(/Worth about/);
  });

  it("says conversion and revenue per visitor disagree only when both intervals exclude 0 on opposite sides", () => {
    // Bold converts 10% better (5.5% against 5%) on orders 13% smaller ($34.80 against $40): revenue per visitor −4.3%,
    // inside the 10% margin, so the call stands; with 60,000 visitors per arm a day both intervals are narrow.
    const big = Array.from({ length: 10 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, "0")}`, { visitors: 60_000, converting: 3000, revenue: 120_000 }, { visitors: 60_000, converting: 3300, revenue: 114_840 })).flat();
    const v = view(big);
    const bold = v.goals[0]!.arms[1]!;
    expect(bold.ciLow).toBeGreaterThan(0);
    expect(bold.revenueCiHigh).toBeLessThan(0);
    expect(bold.revenueCiLow).toBeGreaterThan(-0.1);
    const s = summarize(v);
    expect(s.state).toBe("ship");
    expect(s.moneyDisagreement).toEqual({
      armName: "Bold",
      conversion: { lift: bold.lift, ciLow: bold.ciLow, ciHigh: bold.ciHigh },
      revenuePerVisitor: { lift: bold.revenueLift, ciLow: bold.revenueCiLow, ciHigh: bold.revenueCiHigh },
    });
    const text = decisionWords(s).sentences.join(" ");
    expect(text).toMatch(/Conversion rate and revenue per visitor disagree: Bold converts better \(\+10\.0%, \+\d+\.\d% to \+\d+\.\d%\) but earns less per visitor \(-4\.3%, -\d+\.\d% to -\d+\.\d%\): more orders, smaller ones\./);
    // The money follows revenue per visitor: shipping lowers it, and the sentence says so with the sign.
    expect(s.worth!.perMonth).toBeLessThan(0);
    expect(text).toMatch(/Shipping it would change revenue by about -\$[\d,]+ a month at current traffic \(between -\$[\d,]+ and -\$[\d,]+\), from revenue per visitor's lift\./);
    expect(text).not.toMatch(/Worth about/);

    // Revenue per visitor's point estimate below 0 with an interval across it is noise as far as this card can
    // tell: no disagreement is claimed, and the money figure carries its sign and range.
    const mid = Array.from({ length: 10 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, "0")}`, { visitors: 25_000, converting: 1250, revenue: 50_000 }, { visitors: 25_000, converting: 1375, revenue: 49_000 })).flat();
    const noisy = view(mid);
    const arm = noisy.goals[0]!.arms[1]!;
    expect(arm.ciLow).toBeGreaterThan(0);
    expect(arm.revenueLift).toBeLessThan(0);
    expect(arm.revenueCiHigh).toBeGreaterThan(0);
    const quiet = summarize(noisy);
    expect(quiet).toMatchObject({ state: "ship", moneyDisagreement: null });
    expect(decisionWords(quiet).sentences.join(" ")).toMatch(/Shipping it would change revenue by about -\$[\d,]+ a month at current traffic \(between -\$[\d,]+ and \+\$[\d,]+\)/);
  });

  it("counts the worth on profit per visitor where the orders' costs are known, with revenue's figure and interval beside it", () => {
    // Control 5% at $40, cost $30 an order ($0.50 profit a visitor); Bold 8% at $40, cost $36 ($0.32): more revenue, less profit.
    const costed = (rows: RollupRow[], share: number) =>
      rows.map((r) => {
        if (r.goal === "") return r;
        const orders = r.convertingVisitors;
        const cost = r.armId === "a" ? 30 : 36;
        const known = Math.round(orders * share);
        return { ...r, costedOrders: known, orderCost: known * cost, costedNetRevenue: known * 40, uncostedOrders: orders - known };
      });
    const rows = tenDays({ visitors: 1000, converting: 50, revenue: 2000 }, { visitors: 1000, converting: 80, revenue: 3200 });
    const v = view(costed(rows, 1));
    const s = summarize(v);
    expect(s.state).toBe("ship");
    const [control, bold] = v.goals[0]!.arms;
    expect(control!.profit!.profitPerVisitor).toBeCloseTo(0.5, 12);
    expect(bold!.profit!.profitPerVisitor).toBeCloseTo(0.32, 12);
    // (0.32 − 0.50) × 60,000 visitors a month: −$10,800, though revenue per visitor rose 60%.
    expect(s.worth).toMatchObject({ metric: "profit", visitorsPerMonth: 60_000 });
    expect(s.worth!.perMonth).toBeCloseTo(-0.18 * 60_000, 6);
    expect(s.worth).not.toHaveProperty("low");
    expect(s.worth!.revenue!.perMonth).toBeCloseTo(bold!.revenueLift! * 2 * 60_000, 6);
    expect(decisionWords(s).sentences.join(" ")).toMatch(
      /Shipping it would change profit by about -\$10,800 a month at current traffic, from profit per visitor on the orders with a known cost \(no interval yet\); by revenue per visitor, \+\$72,000 \(between \+\$[\d,]+ and \+\$[\d,]+\)\./,
    );
    // With a tenth of the orders' costs unknown, profit per visitor would undercount those arms: revenue it is.
    expect(summarize(view(costed(rows, 0.9))).worth).toMatchObject({ metric: "revenue" });
  });

  it("does not ship a variant that converts better but earns less per visitor, and says which metric holds it back", () => {
    // Control 5% at $40 an order ($2.00 per visitor); Bold 8% at $20 ($1.60): more orders, less money.
    const v = view(tenDays({ visitors: 1000, converting: 50, revenue: 2000 }, { visitors: 1000, converting: 80, revenue: 1600 }));
    const bold = v.goals[0]!.arms[1]!;
    expect(bold.pValue).toBeLessThan(0.05);
    expect(bold.revenueCiLow).toBeLessThan(-0.1);
    const s = summarize(v);
    expect(s).toMatchObject({ state: "keep-running", decided: false, called: null, heldBack: { would: "ship", metric: "revenue per visitor", armName: "Bold" } });
    // Conversion alone would mark it better; the money holds it back, so it is not decided.
    expect(primaryMarkOf(s, "b")).toBe("not-yet");
    // Its chance to win reads conversion, on which it is better: no reconciling sentence about the prior.
    expect(s.goals[0]?.arms[1]?.chance).toBe("agrees");
    expect(s.chanceNote).toBe(false);
    expect(decisionWords(s).sentences[0]).toMatch(/^Bold converts better, but its revenue per visitor on purchase could still be lower than control's by more than 10\.0% \(between −\d+\.\d% and [−+]\d+\.\d%\): not decided until it is shown within 10\.0%\.$/);
  });

  it("says nothing about money when the primary goal has no revenue", () => {
    const s = summarize(view(tenDays({ visitors: 1000, converting: 50 }, { visitors: 1000, converting: 80 })));
    expect(s.state).toBe("ship");
    expect(s.worth).toBeNull();
    expect(decisionWords(s).sentences.join(" ")).not.toMatch(/\$|revenue/);
  });

  it("keeps the control when every variant converts worse, and says what shipping would cost", () => {
    const s = summarize(view(tenDays({ visitors: 1000, converting: 80, revenue: 3200 }, { visitors: 1000, converting: 50, revenue: 2000 })));
    expect(s).toMatchObject({ state: "keep-control", decided: true, called: { armName: "Bold" }, timeToGo: null });
    expect(primaryMarkOf(s, "b")).toBe("worse");
    const words = decisionWords(s);
    expect(words.title).toBe("Keep Original: no variant beats it");
    expect(words.sentences.join(" ")).toMatch(/Shipping it would cost about \$[\d,]+ a month in revenue at current traffic \(between \$[\d,]+ and \$[\d,]+\), from revenue per visitor's lift\./);
  });

  it("says no difference as large as the MDE only when every interval lies inside it", () => {
    const s = summarize(view(tenDays({ visitors: 20_000, converting: 2000 }, { visitors: 20_000, converting: 2000 })));
    expect(s).toMatchObject({ state: "no-difference", decided: true, called: null, timeToGo: null });
    expect(primaryMarkOf(s, "b")).toBe("equivalent");
    expect(decisionWords(s).title).toBe("No difference as large as 10%");
  });

  it("says not to trust a broken split, hides chances, and gives no time to go", () => {
    const s = summarize(view(tenDays({ visitors: 1000, converting: 50 }, { visitors: 800, converting: 80 })));
    expect(s).toMatchObject({ state: "srm", decided: false, timeToGo: null });
    expect(s.goals[0]?.arms.every((a) => a.chance === "hidden")).toBe(true);
    expect(primaryMarkOf(s, "b")).toBe("not-yet");
    const words = decisionWords(s);
    expect(words).toMatchObject({ title: "Do not trust these results: sample ratio mismatch", tone: "critical" });
  });

  it("gives the real reason when how long to go cannot be estimated", () => {
    const reason = (s: DecisionSummary) => (s.timeToGo && "reason" in s.timeToGo ? s.timeToGo.reason : null);
    const noControlConversion = summarize(view(tenDays({ visitors: 20, converting: 0 }, { visitors: 20, converting: 3 })));
    expect(reason(noControlConversion)).toBe("no-control-conversion");
    expect(decisionWords(noControlConversion).timeToGo?.detail).toMatch(/^Control has no conversion yet/);
    const pastHundred = summarize(view(tenDays({ visitors: 30, converting: 28 }, { visitors: 30, converting: 27 })));
    expect(reason(pastHundred)).toBe("rate-past-100");
    expect(decisionWords(pastHundred).timeToGo?.detail).toMatch(/^Control already converts 93\.33%: a lift of 10% would take it past 100%/);
    const quiet = summarize(view(day("2026-11-05", { visitors: 50, converting: 5 }, { visitors: 50, converting: 5 })));
    expect(reason(quiet)).toBe("no-recent-traffic");
    expect(decisionWords(quiet).timeToGo?.detail).toBe("No visitors in the last 3 days: how long to go cannot be estimated until traffic returns.");
    const none = summarize(view([]));
    expect(reason(none)).toBe("no-visitors");
  });

  it("gives no projection before a day of traffic: the issue's \"about 996 days more\" two minutes after Start", () => {
    const reason = (s: DecisionSummary) => (s.timeToGo && "reason" in s.timeToGo ? s.timeToGo.reason : null);
    const started = view(day("2026-11-10", { visitors: 3, converting: 1 }, { visitors: 3, converting: 0 }), { startedAt: "2026-11-10T09:00:00.000Z" });
    // The old pace counted two minutes' visitors as the day's: the plan still hands out a number of days.
    expect(started.remaining.days).toBeGreaterThan(900);
    const early = decisionSummary(started, { today: TODAY, now: "2026-11-10T09:02:00.000Z" });
    expect(reason(early)).toBe("first-day");
    expect(decisionWords(early).title).toBe("Collecting data");
    expect(decisionWords(early).timeToGo).toEqual({
      headline: "Cannot estimate yet",
      detail: "Less than a day of traffic so far: a pace from a few hours would make any estimate a guess. How long to go is estimated once a full day's visitors give a pace to count by.",
    });
    expect(JSON.stringify(decisionWords(early))).not.toMatch(/days more/);
    // A day on, it projects; without the instant, the start of today stands in and holds the projection back.
    expect(decisionSummary(started, { today: TODAY, now: "2026-11-11T09:00:00.000Z" }).timeToGo).toHaveProperty("days");
    expect(reason(decisionSummary(started, { today: TODAY }))).toBe("first-day");
    // A test started long ago whose first visitor came today has no day of traffic either.
    const late = view(day(TODAY, { visitors: 40, converting: 4 }, { visitors: 40, converting: 5 }));
    expect(reason(decisionSummary(late, { today: TODAY, now: `${TODAY}T20:00:00.000Z` }))).toBe("first-day");
  });

  it("says control has no visitors yet, and the variant's count, when only the variant has some", () => {
    const s = decisionSummary(view(day("2026-11-09", { visitors: 0, converting: 0 }, { visitors: 8, converting: 1 })), { today: TODAY });
    expect(s.timeToGo).toEqual({ reason: "no-control-visitors" });
    expect(decisionWords(s).timeToGo?.detail).toBe(
      "Original has no visitors yet while Bold has 8: how long to go follows from Original's conversion rate, so it cannot be estimated yet.",
    );
    expect(decisionWords(s).timeToGo?.detail).not.toMatch(/^No visitors yet/);
  });

  it("past 90 days, advises a larger MDE and a goal more visitors reach, with the plan's own numbers", () => {
    // A small store: 200 visitors per arm a day, 2% buy, 20% add to cart.
    const rows = Array.from({ length: 10 }, (_, i) => {
      const date = `2026-11-${String(i + 1).padStart(2, "0")}`;
      return [...day(date, { visitors: 200, converting: 4 }, { visitors: 200, converting: 4 }), ...day(date, { visitors: 0, converting: 40 }, { visitors: 0, converting: 40 }, "added_to_cart")];
    }).flat();
    const goals = [{ label: "purchase", isPrimary: true }, { label: "added_to_cart", isPrimary: false }];
    const v = buildResults({ test, arms, goals, currency: "USD", rollups: rows, flicker: [] });
    const s = summarize(v);
    const t = s.timeToGo!;
    expect("days" in t && t.days).toBeGreaterThan(90);
    const advice = "advice" in t ? t.advice! : null;
    const pair = [{ id: "a", weight: 1 }, { id: "b", weight: 1 }];
    const daysAt = (rate: number, mde: number, soFar: number) => (planSample(pair, rate, mde, 0.05)!.usersNeeded - soFar) / 400;
    expect(advice?.dailyVisitors).toBe(400);
    // The smallest MDE step within 90 days, the step before it past 90; this test keeps its 4,000 visitors.
    expect(advice?.mde?.days).toBeCloseTo(daysAt(0.02, advice!.mde!.mde, 4000), 9);
    expect(advice!.mde!.days).toBeLessThanOrEqual(90);
    const steps = [0.15, 0.2, 0.25, 0.3, 0.4, 0.5];
    const before = steps[steps.indexOf(advice!.mde!.mde) - 1];
    expect(daysAt(0.02, before!, 4000)).toBeGreaterThan(90);
    // Add to cart, as a new test's primary goal at the same 10% MDE, from its start.
    expect(advice?.goal).toEqual({ goal: "added_to_cart", rate: 0.2, days: daysAt(0.2, 0.1, 0) });
    const detail = decisionWords(s).timeToGo!.detail;
    expect(detail).toContain("At about 400 visitors a day, that is more than 90 days. At this traffic, a ");
    expect(detail).toContain(`minimum detectable effect (the test's is 10%; you can change it in the test's form) would take about ${Math.ceil(advice!.mde!.days)} days more;`);
    expect(detail).toContain(`a new test with "added_to_cart" as its primary goal (reached by 20.00% of Original's visitors) would take about ${Math.ceil(advice!.goal!.days)} days at 10%.`);
    expect(detail).toMatch(/Or test a bolder change: a larger effect is found sooner\.$/);
  });

  it("gives no advice within 90 days, and says when even the largest MDE step takes longer", () => {
    const quick = summarize(view(tenDays({ visitors: 2000, converting: 200 }, { visitors: 2000, converting: 205 })));
    expect(quick.timeToGo && "days" in quick.timeToGo && quick.timeToGo.days).toBeLessThanOrEqual(90);
    expect(quick.timeToGo).not.toHaveProperty("advice");
    // 5 visitors per arm a day at 2%: even a 50% MDE is out of reach within 90 days; no other goal to offer.
    const tiny = summarize(view(Array.from({ length: 10 }, (_, i) => day(`2026-11-${String(i + 1).padStart(2, "0")}`, { visitors: 50, converting: 1 }, { visitors: 50, converting: 1 })).flat().map((r) => (r.goal === "" ? { ...r, exposedVisitors: 5 } : r))));
    const advice = tiny.timeToGo && "advice" in tiny.timeToGo ? tiny.timeToGo.advice : undefined;
    expect(advice).toMatchObject({ mde: { mde: 0.5 }, goal: null });
    expect(advice!.mde!.days).toBeGreaterThan(90);
    expect(decisionWords(tiny).timeToGo!.detail).toMatch(/At this traffic, even a 50% minimum detectable effect \(the test's is 10%; you can change it in the test's form\) would take about [\d,]+ days more\. Or test a bolder change/);
  });

  it("says a paused test is paused, without a time to go from a pace it no longer has", () => {
    const s = summarize(view(tenDays({ visitors: 200, converting: 20 }, { visitors: 200, converting: 21 }), { status: "paused" }));
    expect(s).toMatchObject({ state: "not-enough-evidence", lifecycle: "paused", timeToGo: { reason: "paused" } });
    const words = decisionWords(s);
    expect(words.title).toBe("Paused: not enough evidence yet");
    expect(words.sentences[0]).toMatch(/^This test is paused/);
    // Not "no new data": an exposed visitor's conversion still counts while paused (visitor-attribution.test.ts).
    expect(words.sentences[0]).toContain("Visitors who saw it before the pause still count when they convert");
    expect(words.sentences[0]).not.toMatch(/no new data/);
  });

  it("says a completed test's data names no winner, with each arm's figures, whatever winner was declared", () => {
    const s = summarize(view([], { status: "completed" }), "Bold");
    expect(s).toMatchObject({ lifecycle: "ended", state: "collecting", decided: false, timeToGo: null, declaredWinner: "Bold" });
    const words = decisionWords(s);
    expect(words.title).toBe("Completed: the data names no winner");
    expect(words.tone).toBe("info");
    expect(words.badge).toBe("No winner");
    expect(words.sentences).toEqual([
      "It ended before each arm had 100 visitors and some conversions on purchase: too little data to judge.",
      "You declared Bold the winner, but the data does not name it.",
      "Original: 0 visitors, 0 converted (no rate).",
      "Bold: 0 visitors, 0 converted (no rate).",
    ]);
    const won = summarize(view(tenDays({ visitors: 1000, converting: 50 }, { visitors: 1000, converting: 80 }), { status: "completed" }), "Bold");
    expect(decisionWords(won).title).toBe("Completed: the data names Bold the winner");
    expect(decisionWords(won).sentences).toContain("You declared Bold the winner; the data agrees.");
    expect(decisionWords(won).sentences).toContain("Bold: 10,000 visitors, 800 converted (8.00%).");
  });

  it("reconciles a chance to win that claims more than the decision, in one sentence", () => {
    // The page: 96.6% chance to win beside p = 0.797.
    const v = view(tenDays({ visitors: 200, converting: 20 }, { visitors: 200, converting: 21 }));
    const bold = v.goals[0]!.arms[1]!;
    const claimed: ResultsView = { ...v, goals: [{ ...v.goals[0]!, arms: [v.goals[0]!.arms[0]!, { ...bold, pValue: 0.797, chanceToWin: 0.966 }] }] };
    const s = summarize(claimed);
    expect(s.goals[0]?.arms[1]?.chance).toBe("reconciled");
    expect(s.chanceNote).toBe(true);
    expect(CHANCE_RECONCILIATION).toBe("Chance to win uses a prior and no correction for looking every day; the decision waits for the always-valid test.");
    // An undecided arm whose chance claims nothing agrees.
    const modest = summarize({ ...claimed, goals: [{ ...claimed.goals[0]!, arms: [claimed.goals[0]!.arms[0]!, { ...bold, pValue: 0.797, chanceToWin: 0.6 }] }] });
    expect(modest.chanceNote).toBe(false);
  });

  it("marks secondary goals exploratory, never decided", () => {
    const rollups = [...tenDays({ visitors: 1000, converting: 50 }, { visitors: 1000, converting: 80 }), ...day("2026-11-01", { visitors: 0, converting: 10 }, { visitors: 0, converting: 12 }, "signup")];
    const v = buildResults({ test, arms, goals: [{ label: "purchase", isPrimary: true }, { label: "signup", isPrimary: false }], currency: "USD", rollups, flicker: [] });
    const s = summarize(v);
    expect(s.goals.map((g) => g.arms.map((a) => a.mark))).toEqual([[null, "better"], [null, "exploratory"]]);
    expect(markText("exploratory")).toBe("Exploratory");
  });
});

describe("decision words", () => {
  it("never prints an interval below −100%, and words an unbounded one", () => {
    expect(intervalText(-1.0000001, 0.5)).toBe("-100.0% to +50.0%");
    expect(intervalText(-3.71, 4.33)).toBe("-100.0% to +433.0%");
    expect(intervalText(undefined, undefined, true)).toBe(UNBOUNDED_INTERVAL);
    expect(UNBOUNDED_INTERVAL).toBe("too uncertain to put a range on");
  });

  it("calls a winner with an unbounded interval without inventing a range or money range", () => {
    const v = view(tenDays({ visitors: 1000, converting: 50, revenue: 2000 }, { visitors: 1000, converting: 80, revenue: 3200 }));
    const bold = v.goals[0]!.arms[1]!;
    const { ciLow: _low, ciHigh: _high, revenueCiLow: _rlow, revenueCiHigh: _rhigh, ...rest } = bold;
    const vague: ResultsView = { ...v, goals: [{ ...v.goals[0]!, arms: [v.goals[0]!.arms[0]!, { ...rest, intervalUnbounded: true, revenueIntervalUnbounded: true }] }] };
    const s = summarize(vague);
    expect(s.called).toMatchObject({ unbounded: true });
    expect(s.worth).not.toHaveProperty("low");
    const text = decisionWords(s).sentences.join(" ");
    expect(text).toContain(`(${UNBOUNDED_INTERVAL})`);
    expect(text).toContain("the range is too uncertain to put a figure on");
  });
});

describe("the decision of a price test, on profit per visitor", () => {
  /** A day of a price test: each buyer pays `price` for one bowl that costs $12, so their profit is price − 12. */
  function priceDay(date: string, control: ArmDay & { price: number }, variant: ArmDay & { price: number }): RollupRow[] {
    return day(date, { ...control, revenue: control.converting * control.price }, { ...variant, revenue: variant.converting * variant.price }).map((r) => {
      const d = r.armId === "a" ? control : variant;
      const margin = d.price - 12;
      return r.goal === ""
        ? r
        : { ...r, costedOrders: d.converting, orderCost: d.converting * 12, costedNetRevenue: d.converting * d.price, profitSquares: d.converting * margin ** 2, profitCubes: d.converting * margin ** 3 };
    });
  }
  const priceView = (rollups: RollupRow[]) =>
    buildResults({ test, arms, goals: [{ label: "purchase", isPrimary: true }], currency: "USD", rollups, flicker: [], decidesOnProfit: true });

  it("marks the lower price worse and keeps control when it sells more but earns less, in words that name profit", () => {
    const s = summarize(priceView(priceDay("2026-11-01", { visitors: 20_000, converting: 1000, price: 30 }, { visitors: 20_000, converting: 1300, price: 24 })));
    expect(s).toMatchObject({ state: "keep-control", metric: "profit per visitor", moneyDisagreement: null });
    expect(primaryMarkOf(s, "b")).toBe("worse");
    expect(s.called?.lift).toBeCloseTo(0.78 / 0.9 - 1, 6);
    // The rate's chance to win would say the lower price wins: it is not shown beside a decision on profit.
    expect(s.goals[0]?.arms[1]?.chance).toBe("hidden");
    expect(decisionWords(s).sentences[0]).toMatch(/^Every variant earns less profit per visitor than Original on purchase; the closest, Bold: lift -13\.3% \(-\d/);
  });

  it("says while collecting that a price test waits for costed orders, and plans how long to go on profit", () => {
    const s = summarize(priceView(priceDay("2026-11-01", { visitors: 300, converting: 5, price: 30 }, { visitors: 300, converting: 6, price: 24 })));
    expect(s).toMatchObject({ state: "collecting", metric: "profit per visitor" });
    expect(decisionWords(s).sentences[0]).toBe("This price test decides on profit per visitor: not enough costed orders yet to compare every variant's with control's on purchase.");
  });
});
