// The revenue cap: each visitor's revenue in a test counts up to it, so that one big order cannot swing
// revenue per visitor. A site may set one; otherwise a test takes the 99th percentile of the site's recent
// conversion values, and either way the amount is fixed when the test starts (docs/statistics.md).

/** The default looks at this many days of the site's conversions before the test starts. */
export const REVENUE_CAP_WINDOW_DAYS = 30;
export const REVENUE_CAP_PERCENTILE = 0.99;
/**
 * Fewer values than this give no default: the 99th percentile of a handful of orders is their maximum,
 * a cap chosen by chance. The test then runs uncapped unless the site sets a cap.
 */
export const REVENUE_CAP_MIN_VALUES = 30;
/** The largest cap the form takes: the largest order amount the Shopify door accepts. */
export const REVENUE_CAP_MAX = 1e12;

export type RevenueCapSource = "setting" | "p99";

export interface FixedRevenueCap {
  amount: number;
  source: RevenueCapSource;
}

/** The recent values' 99th percentile (linear interpolation between order statistics) and how many there were. */
export interface RecentValues {
  count: number;
  p99: number | null;
}

/** The cap a test starting now takes: the site's own, else the recent 99th percentile when there are enough values, else none. */
export function capForNewTest(siteCap: number | null, recent: RecentValues): FixedRevenueCap | null {
  if (siteCap !== null) return { amount: siteCap, source: "setting" };
  if (recent.count < REVENUE_CAP_MIN_VALUES || recent.p99 === null || !(recent.p99 > 0)) return null;
  return { amount: roundCents(recent.p99), source: "p99" };
}

/** The first day of the window that ends at `now` (the test's start). */
export function windowStart(now: Date): Date {
  return new Date(now.getTime() - REVENUE_CAP_WINDOW_DAYS * 24 * 3600 * 1000);
}

/** A site's revenue cap as its page shows it: the merchant's setting and the default it falls back to. */
export interface RevenueCapSetting {
  /** The site's own cap; null when the default applies. */
  cap: number | null;
  currency: string;
  /** What a test starting now would take by default, from `values` conversion values of the last `windowDays`. */
  defaultCap: number | null;
  values: number;
  windowDays: number;
  minValues: number;
}

export type RevenueCapForm = { ok: true; value: number | null } | { ok: false; error: string };

/** The site form's field: empty for the default, else a positive amount with at most two decimals. */
export function parseRevenueCap(raw: string | null | undefined): RevenueCapForm {
  const text = (raw ?? "").trim().replace(/,/g, "");
  if (text === "") return { ok: true, value: null };
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(text)) return { ok: false, error: "Enter an amount, as 250 or 249.99, or leave it empty for the default." };
  const value = Number(text);
  if (!(value > 0)) return { ok: false, error: "The cap must be more than 0." };
  if (value > REVENUE_CAP_MAX) return { ok: false, error: "The cap must be at most 1,000,000,000,000." };
  return { ok: true, value };
}

/** Caps are amounts of money: a percentile between two orders is rounded to the cent. */
function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}
