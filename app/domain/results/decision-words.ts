// Every word a merchant reads about a test's decision: the summary's title and sentences, how long to go or why it
// cannot be told, each arm's "Decided" mark, the interval and money texts, and the one sentence that reconciles a
// chance to win with the decision. The page, the tests list and the CSV all take their words from here.
import type { ArmMark, DecisionSummary, LiftWithInterval, MoneyDisagreement, MonthlyWorth, NoEstimateReason, TimeToGo, TimeToGoAdvice } from "./decision-summary";
import { LONG_TEST_DAYS, RECENT_TRAFFIC_DAYS } from "./decision-summary";
import { MIN_VISITORS_PER_ARM } from "./verdict";
import { heldBackSentence, OUTAGE_INTERVAL, srmExplanation } from "./verdict-words";

// A fixed locale: the server renders the page and the browser hydrates it, and both must print the same text.
const LOCALE = "en-US";
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const liftFormat = new Intl.NumberFormat(LOCALE, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" });
const shareFormat = new Intl.NumberFormat(LOCALE, { style: "percent", maximumFractionDigits: 1 });
const rateFormat = new Intl.NumberFormat(LOCALE, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What "too uncertain" says in place of an interval with no finite ends. */
export const UNBOUNDED_INTERVAL = "too uncertain to put a range on";

/** The one sentence beside a chance to win that says something else than the decision. */
export const CHANCE_RECONCILIATION =
  "Chance to win uses a prior and no correction for looking every day; the decision waits for the always-valid test.";

/** Secondary goals decide nothing: said once under their table. */
export const EXPLORATORY_NOTE = "Goals other than the primary goal are exploratory: they decide nothing, and their p-values are not corrected for looking at several goals.";

/**
 * A relative lift with its sign, e.g. "+5.2%". A relative change cannot go below −100%: an interval end that
 * rounding or a caller's bug put lower is printed as −100.0%, never below.
 */
export function liftText(value: number): string {
  return liftFormat.format(Math.max(-1, value));
}

/** A relative interval, "−1.0% to +12.0%", or the words for one without finite ends. */
export function intervalText(ciLow: number | undefined, ciHigh: number | undefined, unbounded = false): string {
  if (unbounded || ciLow === undefined || ciHigh === undefined || !Number.isFinite(ciLow) || !Number.isFinite(ciHigh)) return UNBOUNDED_INTERVAL;
  return `${liftText(ciLow)} to ${liftText(ciHigh)}`;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Whole units of the currency (a monthly estimate has no cents worth printing); the code when Intl does not know it. */
export function moneyText(value: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(LOCALE, { style: "currency", currency, maximumFractionDigits: 0, minimumFractionDigits: 0 });
    } catch {
      return `${integerFormat.format(value)} ${currency}`;
    }
    moneyFormats.set(currency, format);
  }
  return format.format(value);
}

const days = (n: number) => `${integerFormat.format(n)} ${n === 1 ? "day" : "days"}`;
const wholeDays = (d: number) => Math.max(1, Math.ceil(d));

/** "B", "B and C", "B, C and D". */
function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export type DecisionTone = "success" | "warning" | "critical" | "info";

export interface DecisionWords {
  title: string;
  tone: DecisionTone;
  /** Short badge text for the state: what the tests list and the card's badge say. */
  badge: string;
  sentences: string[];
  /** "How long to go", while running and undecided. */
  timeToGo: { headline: string; detail: string } | null;
}

/**
 * What shipping the called arm is worth a month, and which per-visitor figure it is counted from. With the control
 * ahead it says what shipping the variant would cost, in positive money; a figure against the call's direction (a
 * winner whose revenue per visitor fell within the margin) says how shipping would change the money, with its sign.
 */
function worthSentence(worth: MonthlyWorth, ended: boolean, keepControl: boolean): string {
  const traffic = ended ? "at the traffic it had" : "at current traffic";
  const expected = keepControl ? -1 : 1;
  const along = worth.perMonth * expected >= 0;
  const amount = (v: number) => (along ? moneyText(expected * v, worth.currency) : `${v > 0 ? "+" : ""}${moneyText(v, worth.currency)}`);
  const range = (low: number | undefined, high: number | undefined) =>
    low === undefined || high === undefined ? null : `between ${amount(along && keepControl ? high : low)} and ${amount(along && keepControl ? low : high)}`;
  const head = !along
    ? `Shipping it would change ${worth.metric} by about ${amount(worth.perMonth)} a month ${traffic}`
    : keepControl
      ? `Shipping it would cost about ${amount(worth.perMonth)} a month in ${worth.metric} ${traffic}`
      : `Worth about ${amount(worth.perMonth)} a month in ${worth.metric} ${traffic}`;
  if (worth.metric === "revenue") {
    const ends = range(worth.low, worth.high);
    return ends ? `${head} (${ends}), from revenue per visitor's lift.` : `${head}, from revenue per visitor's lift; the range is too uncertain to put a figure on.`;
  }
  const revenue = worth.revenue;
  const ends = revenue ? range(revenue.low, revenue.high) : null;
  const beside = revenue ? `; by revenue per visitor, ${amount(revenue.perMonth)}${ends ? ` (${ends})` : ", too uncertain for a range"}` : "";
  const profitEnds = range(worth.low, worth.high);
  return `${head}${profitEnds ? ` (${profitEnds})` : ""}, from profit per visitor on the orders with a known cost${profitEnds ? "" : " (no interval yet)"}${beside}.`;
}

/** Conversion and money point opposite ways, each beyond chance: said before any money figure. */
function disagreementSentence(d: MoneyDisagreement): string {
  const better = d.conversion.lift > 0;
  const interval = (x: LiftWithInterval) => `${liftText(x.lift)}, ${intervalText(x.ciLow, x.ciHigh)}`;
  return (
    `Conversion rate and revenue per visitor disagree: ${d.armName} converts ${better ? "better" : "worse"} (${interval(d.conversion)}) ` +
    `but earns ${better ? "less" : "more"} per visitor (${interval(d.revenuePerVisitor)}): ${better ? "more orders, smaller ones" : "fewer orders, larger ones"}. ` +
    "Its money is counted from revenue per visitor, not from conversion."
  );
}

const REASONS: Record<NoEstimateReason, (s: DecisionSummary) => string> = {
  "no-visitors": () => "No visitors yet, so how long to go cannot be estimated.",
  "no-control-visitors": (s) => {
    const [control, ...variants] = s.figures;
    const name = control?.name ?? "Control";
    const seen = variants.filter((f) => f.visitors > 0).map((f) => `${f.name} has ${integerFormat.format(f.visitors)}`);
    return `${name} has no visitors yet${seen.length > 0 ? ` while ${list(seen)}` : ""}: how long to go follows from ${name}'s conversion rate, so it cannot be estimated yet.`;
  },
  "first-day": () =>
    "Less than a day of traffic so far: a pace from a few hours would make any estimate a guess. How long to go is estimated once a full day's visitors give a pace to count by.",
  "no-control-conversion": () => "Control has no conversion yet: how long to go follows from its conversion rate, so it cannot be estimated yet.",
  "no-control-profit": () =>
    "This price test decides on profit per visitor, and control has no profit per visitor above 0 yet: how long to go follows from it, so it cannot be estimated yet.",
  "rate-past-100": (s) =>
    `Control already converts ${rateFormat.format(s.figures[0]?.rate ?? 0)}: a lift of ${shareFormat.format(s.minDetectableEffect)} would take it past 100%, ` +
    "so how long to go cannot be estimated. Lower the minimum detectable effect, or choose a goal fewer visitors reach.",
  "no-recent-traffic": () => `No visitors in the last ${days(RECENT_TRAFFIC_DAYS)}: how long to go cannot be estimated until traffic returns.`,
  "planned-sample-reached": () =>
    "The planned sample is reached, but the intervals still allow a difference as large as the minimum detectable effect: keep running, or stop without a winner.",
  paused: () => "Paused: how long to go is estimated again once the test is resumed.",
};

function timeToGoWords(s: DecisionSummary, t: TimeToGo): { headline: string; detail: string } {
  if ("reason" in t) {
    const headline = t.reason === "planned-sample-reached" ? "Planned sample reached" : t.reason === "paused" ? "Paused" : "Cannot estimate yet";
    return { headline, detail: REASONS[t.reason](s) };
  }
  return {
    headline: `About ${days(wholeDays(t.days))} more`,
    detail:
      `To detect a ${shareFormat.format(s.minDetectableEffect)} lift with 80% power with the always-valid test, the test needs ` +
      `${integerFormat.format(t.usersNeeded)} visitors in all; ${integerFormat.format(t.remainingUsers)} still to come at the current daily traffic.` +
      (t.advice ? ` ${adviceSentence(s, t.advice)}` : ""),
  };
}

/**
 * What a pause stops and what it does not: no visitor is shown a variant or newly counted, but a conversion of a
 * visitor exposed before the pause still counts for their arm (attribution.ts: a paused test has no end).
 */
const PAUSED_SENTENCE =
  "This test is paused: every visitor sees the original page and no new visitor enters it until you resume it. Visitors who saw it before the pause still count when they convert, so its numbers can still move.";

const paceFormat = (n: number) => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: n < 10 ? 1 : 0 }).format(n);

/** Past LONG_TEST_DAYS: what would end sooner at this traffic, with the plan's own numbers. */
function adviceSentence(s: DecisionSummary, a: TimeToGoAdvice): string {
  const mde = shareFormat.format(s.minDetectableEffect);
  const options: string[] = [];
  if (a.mde) {
    const even = a.mde.days > LONG_TEST_DAYS ? "even " : "";
    const when = a.mde.days === 0 ? "would already have its planned sample" : `would take about ${days(wholeDays(a.mde.days))} more`;
    options.push(`${even}a ${shareFormat.format(a.mde.mde)} minimum detectable effect (the test's is ${mde}; you can change it in the test's form) ${when}`);
  }
  if (a.goal) {
    const control = s.figures[0]?.name ?? "control";
    options.push(
      `a new test with "${a.goal.goal}" as its primary goal (reached by ${rateFormat.format(a.goal.rate)} of ${control}'s visitors) would take about ${days(wholeDays(a.goal.days))} at ${mde}`,
    );
  }
  const head = `At about ${paceFormat(a.dailyVisitors)} visitors a day, that is more than ${days(LONG_TEST_DAYS)}.`;
  const ways = options.length > 0 ? ` At this traffic, ${options.join("; ")}.` : "";
  return `${head}${ways} Or test a bolder change: a larger effect is found sooner.`;
}

function baseTitle(s: DecisionSummary, controlName: string): string {
  const mde = shareFormat.format(s.minDetectableEffect);
  switch (s.state) {
    case "not-started":
      return s.scheduledStart ? `Starts ${s.scheduledStart}` : "Not started";
    case "collecting":
      return "Collecting data";
    case "keep-running":
      return s.timeToGo && "days" in s.timeToGo ? `Keep running: about ${days(wholeDays(s.timeToGo.days))} more` : "Keep running";
    case "not-enough-evidence":
      return "Not enough evidence yet";
    case "ship":
      return `Ship ${s.called?.armName ?? "the winning variant"}`;
    case "keep-control":
      return `Keep ${controlName}: no variant beats it`;
    case "no-difference":
      return `No difference as large as ${mde}`;
    case "srm":
      return "Do not trust these results: sample ratio mismatch";
  }
}

function endedTitle(s: DecisionSummary, controlName: string): string {
  switch (s.state) {
    case "not-started":
      return "Archived without starting";
    case "ship":
      return `Completed: the data names ${s.called?.armName ?? "a variant"} the winner`;
    case "keep-control":
      return `Completed: the data favours ${controlName}`;
    case "no-difference":
      return `Completed: no difference as large as ${shareFormat.format(s.minDetectableEffect)}`;
    case "srm":
      return "Completed, but do not trust these results: sample ratio mismatch";
    default:
      return "Completed: the data names no winner";
  }
}

const BADGES: Record<DecisionSummary["state"], string> = {
  "not-started": "Not started",
  collecting: "Collecting data",
  "keep-running": "Keep running",
  "not-enough-evidence": "Not enough evidence",
  ship: "Ship",
  "keep-control": "Keep control",
  "no-difference": "No difference",
  srm: "Do not trust",
};

function tone(s: DecisionSummary): DecisionTone {
  if (s.state === "srm") return "critical";
  if (s.state === "ship") return "success";
  if (s.state === "keep-control") return "warning";
  return "info";
}

function stateSentences(s: DecisionSummary, controlName: string): string[] {
  const goal = s.goal ?? "the primary goal";
  const mde = shareFormat.format(s.minDetectableEffect);
  const ended = s.lifecycle === "ended";
  const c = s.called;
  // A price test decides on profit per visitor (verdict.ts): the sentences say so wherever they name what moved.
  const profit = s.metric === "profit per visitor";
  const onProfit = profit ? " in profit per visitor" : "";
  switch (s.state) {
    case "not-started":
      if (ended) return ["This test was archived before it started: it measured nothing."];
      return s.scheduledStart
        ? [`This test is scheduled to start ${s.scheduledStart}: until then no visitor sees it and nothing is measured.`]
        : ["This test has not started: no visitor sees it and nothing is measured yet. Start it when its arms and primary goal are ready."];
    case "collecting":
      if (ended) return [`It ended before each arm had ${integerFormat.format(MIN_VISITORS_PER_ARM)} visitors and some conversions on ${goal}: too little data to judge.`];
      if (profit && s.figures.every((f) => f.visitors >= MIN_VISITORS_PER_ARM)) return [`This price test decides on profit per visitor: not enough costed orders yet to compare every variant's with control's on ${goal}.`];
      return s.notComparable.length > 0
        ? [`Not enough data yet to compare ${list(s.notComparable)} with control on ${goal}.`]
        : [`Each arm needs at least ${integerFormat.format(MIN_VISITORS_PER_ARM)} visitors and some conversions on ${goal} before the page judges.`];
    case "keep-running":
    case "not-enough-evidence":
      if (s.heldBack) return [heldBackSentence(s.heldBack, s.metric)];
      return [`No arm is ahead on ${goal}${onProfit} yet, and the intervals still allow a difference as large as ${mde}.`];
    case "ship": {
      if (!c) return [];
      return [
        `${c.armName} ${profit ? "earns more profit per visitor" : "converts better"} than ${controlName} on ${goal}: lift ${liftText(c.lift)} (${intervalText(c.ciLow, c.ciHigh, c.unbounded)}).`,
        ...(c.early ? ["Called before the planned sample: a lift called this early tends to be smaller in the long run."] : []),
      ];
    }
    case "keep-control": {
      const worse = profit ? "earns less profit per visitor" : "converts worse";
      return c
        ? [`Every variant ${worse} than ${controlName} on ${goal}; the closest, ${c.armName}: lift ${liftText(c.lift)} (${c.outage ? OUTAGE_INTERVAL : intervalText(c.ciLow, c.ciHigh, c.unbounded)}).`]
        : [`Every variant ${worse} than ${controlName} on ${goal}.`];
    }
    case "no-difference":
      return [`Every variant's interval lies within ±${mde} on ${goal}${onProfit}: whichever arm you keep, the difference is smaller than the effect this test was set to find.`];
    case "srm":
      return [srmExplanation(s.srmPValue)];
  }
}

function endedSentences(s: DecisionSummary): string[] {
  const declared = s.declaredWinner;
  const agrees = declared !== null && s.state === "ship" && s.called?.armName === declared;
  const winner =
    declared === null
      ? "It was completed without a declared winner."
      : agrees
        ? `You declared ${declared} the winner; the data agrees.`
        : `You declared ${declared} the winner, but the data does not name it.`;
  const figures = s.figures.map(
    (f) => `${f.name}: ${integerFormat.format(f.visitors)} visitors, ${integerFormat.format(f.convertingVisitors)} converted (${f.rate === null ? "no rate" : rateFormat.format(f.rate)}).`,
  );
  return [winner, ...figures];
}

export function decisionWords(s: DecisionSummary): DecisionWords {
  const controlName = s.figures[0]?.name ?? "the control";
  const ended = s.lifecycle === "ended";
  const undecided = !s.decided && s.state !== "srm";
  let title = ended ? endedTitle(s, controlName) : baseTitle(s, controlName);
  if (s.lifecycle === "paused" && undecided) title = `Paused: ${title.charAt(0).toLowerCase()}${title.slice(1)}`;
  const sentences = [
    ...(s.lifecycle === "paused" ? [PAUSED_SENTENCE] : []),
    ...stateSentences(s, controlName),
    ...(s.moneyDisagreement ? [disagreementSentence(s.moneyDisagreement)] : []),
    ...(s.worth ? [worthSentence(s.worth, ended, s.state === "keep-control")] : []),
    ...(ended && s.state !== "not-started" ? endedSentences(s) : []),
  ];
  return {
    title,
    tone: tone(s),
    badge: ended && undecided && s.state !== "not-started" ? "No winner" : BADGES[s.state],
    sentences,
    timeToGo: s.timeToGo ? timeToGoWords(s, s.timeToGo) : null,
  };
}

/** The results table's "Decided" column. */
export function markText(mark: ArmMark | null): string {
  switch (mark) {
    case "better":
      return "Decided: better";
    case "worse":
      return "Decided: worse";
    case "equivalent":
      return "Decided: no difference";
    case "not-yet":
      return "Not yet";
    case "exploratory":
      return "Exploratory";
    case null:
      return "";
  }
}
