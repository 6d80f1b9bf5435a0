// Every word a merchant reads about a test's verdict: the banner's title, the verdict sentence and the SRM warning.
import type { VerdictDecision } from "./verdict";
import type { Verdict } from "./view";

// A fixed locale: the server renders the page and the browser hydrates it, and both must print the same text.
const LOCALE = "en-US";
const percentFormat = new Intl.NumberFormat(LOCALE, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const pValueFormat = new Intl.NumberFormat(LOCALE, { minimumSignificantDigits: 3, maximumSignificantDigits: 3 });

const percent = (x: number) => percentFormat.format(x);

/** Three significant digits, floored at "< 0.001" where more digits would suggest false precision. */
function pValueText(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return "—";
  return p < 0.001 ? "< 0.001" : pValueFormat.format(p);
}

function sentence(decision: VerdictDecision): string {
  switch (decision.kind) {
    case "srm":
      return (
        "Sample ratio mismatch: visitors are not split between the arms as configured " +
        `(p = ${decision.pValue?.toExponential(1)}). Do not trust these results until the cause is found.`
      );
    case "too-early":
      return `Collecting data: each arm needs at least ${decision.minVisitorsPerArm} visitors and some conversions before we judge.`;
    case "variant-ahead": {
      const chance = decision.chanceToWin === undefined ? "" : `${percent(decision.chanceToWin)} chance to beat control, `;
      const interval = `${percent(decision.ciLow)} to ${percent(decision.ciHigh)}`;
      return `${decision.armName} is ahead on ${decision.goal}: ${chance}lift ${percent(decision.lift)} (${interval}).`;
    }
    case "control-ahead":
      return `Control is ahead on ${decision.goal}: every variant converts worse.`;
    case "no-difference":
      return `No detectable difference on ${decision.goal} at the minimum detectable effect of ${percent(decision.minDetectableEffect)}.`;
    case "not-comparable":
      return `Collecting data: not enough data yet to compare ${list(decision.armNames)} with control on ${decision.goal}.${stillNeeded(decision)}`;
    case "no-winner-yet":
      return `Collecting data: no arm is ahead yet.${stillNeeded(decision)}`;
  }
}

function stillNeeded({ remainingUsers, days }: { remainingUsers: number | null; days: number | null }): string {
  if (remainingUsers === null || remainingUsers === 0) return "";
  const pace = days !== null ? ` (about ${Math.ceil(days)} days at current traffic)` : "";
  return ` About ${integerFormat.format(remainingUsers)} more visitors${pace} are needed to detect the minimum effect.`;
}

/** "B", "B and C", "B, C and D". */
function list(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The verdict as the results view carries it: its kind for the banner's tone, and its sentence. */
export function verdictFor(decision: VerdictDecision): Verdict {
  const text = sentence(decision);
  switch (decision.kind) {
    case "too-early":
    case "not-comparable":
    case "no-winner-yet":
      return { kind: "collecting", text };
    case "variant-ahead":
      return {
        kind: "variant-ahead",
        text,
        armName: decision.armName,
        ...(decision.chanceToWin !== undefined && { chanceToWin: decision.chanceToWin }),
      };
    case "control-ahead":
      return { kind: "control-ahead", text, ...(decision.armName !== undefined && { armName: decision.armName }) };
    default:
      return { kind: decision.kind, text };
  }
}

/** The banner's title. */
export function verdictTitle(verdict: Verdict): string {
  const chance = verdict.chanceToWin === undefined ? "" : ` with a ${percent(verdict.chanceToWin)} chance`;
  switch (verdict.kind) {
    case "collecting":
      return "Collecting data";
    case "variant-ahead":
      return `${verdict.armName ?? "A variant"} is ahead${chance}`;
    case "control-ahead":
      return `${verdict.armName ?? "Control"} is ahead${chance}`;
    case "no-difference":
      return "No detectable difference";
    case "srm":
      return "Sample ratio mismatch: do not trust this result";
  }
}

/** What a sample ratio mismatch means and what to do about it, under the verdict. */
export function srmExplanation(pValue: number | null): string {
  return (
    `Visitors did not split between the arms as configured (SRM p-value ${pValueText(pValue)}), so the arms are ` +
    "not comparable. Find the cause (a redirect, a bot filter, a tracking gap) before acting on any number on this page."
  );
}
