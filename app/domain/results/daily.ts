// The primary goal over time for the charts: each day's new visitors, and per arm the cumulative rate and lift.
import { compareRates, type ArmSetting, type ComparisonSettings } from "./stats";
import { addRollups, armIndex, emptyTotals, visitorsPerDay, type RollupRow } from "./totals";
import type { DailyPoint } from "./view";

export interface DailyInput {
  arms: readonly ArmSetting[];
  rollups: readonly RollupRow[];
  currency: string;
  /** The primary goal; null when the test has none, which leaves visitors only. */
  goal: string | null;
  settings: ComparisonSettings;
}

/**
 * One point per day with a rollup, cumulative up to and including that day: each day's rows are added to running
 * totals once (a test's ~700 rows were summed again for every one of its days: 7 % of the results page's CPU).
 */
export function dailySeries({ arms, rollups, currency, goal, settings }: DailyInput): DailyPoint[] {
  const armIds = arms.map((a) => a.id);
  const newVisitors = visitorsPerDay(rollups, armIds);
  const rowsOfDay = new Map<string, RollupRow[]>();
  for (const row of rollups) {
    const rows = rowsOfDay.get(row.day);
    if (rows) rows.push(row);
    else rowsOfDay.set(row.day, [row]);
  }
  const index = armIndex(armIds);
  const totals = armIds.map(emptyTotals);
  return [...rowsOfDay.keys()].sort().map((day) => {
    addRollups(totals, index, rowsOfDay.get(day) ?? [], currency, goal);
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
