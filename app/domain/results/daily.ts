// The primary goal over time for the charts: each day's new visitors, and per arm the cumulative rate and lift.
import { compareRates, type ArmSetting, type ComparisonSettings } from "./stats";
import { rollupDays, totalsPerArm, visitorsPerDay, type RollupRow } from "./totals";
import type { DailyPoint } from "./view";

export interface DailyInput {
  arms: readonly ArmSetting[];
  rollups: readonly RollupRow[];
  currency: string;
  /** The primary goal; null when the test has none, which leaves visitors only. */
  goal: string | null;
  settings: ComparisonSettings;
}

/** One point per day with a rollup, cumulative up to and including that day. */
export function dailySeries({ arms, rollups, currency, goal, settings }: DailyInput): DailyPoint[] {
  const armIds = arms.map((a) => a.id);
  const newVisitors = visitorsPerDay(rollups, armIds);
  return rollupDays(rollups).map((day) => {
    const totals = totalsPerArm(rollups, armIds, currency, goal, day);
    const lifts = goal !== null ? compareRates(arms, totals, settings) : [];
    return {
      day,
      arms: arms.map((arm, i) => {
        const t = totals[i];
        const visitors = t?.visitors ?? 0;
        const converting = t?.convertingVisitors ?? 0;
        return {
          armId: arm.id,
          visitors: newVisitors.get(day)?.[i] ?? 0,
          cumulativeVisitors: visitors,
          cumulativeConvertingVisitors: converting,
          cumulativeRate: visitors > 0 ? converting / visitors : null,
          ...lifts[i],
        };
      }),
    };
  });
}
