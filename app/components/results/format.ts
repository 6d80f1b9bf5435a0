// Number, percent, money, p-value, duration and date formatting for the results page, all through Intl.

// A fixed locale and time zone: the server and the browser must print the same text, or hydration breaks.
const LOCALE = "en-US";
const DASH = "—";

const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const percentFormats = new Map<string, Intl.NumberFormat>();

function percentFormat(digits: number, signed: boolean): Intl.NumberFormat {
  const key = `${digits}:${signed}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: "percent",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: signed ? "exceptZero" : "auto",
    });
    percentFormats.set(key, format);
  }
  return format;
}

export function formatInteger(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? DASH : integer.format(value);
}

/** A count with its noun, singular for exactly one: "1 visitor", "2 visitors", "1,200 days". */
export function formatCount(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(value)} ${value === 1 ? singular : plural}`;
}

/** A rate or share, e.g. 0.1234 → "12.34%". Small rates keep two decimals so arms stay distinguishable. */
export function formatPercent(value: number | null | undefined, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return percentFormat(digits ?? (Math.abs(value) < 0.1 ? 2 : 1), false).format(value);
}

/** A relative lift with its sign, e.g. 0.052 → "+5.2%"; never below −100%, which no relative change can be. */
export function formatLift(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  return percentFormat(1, true).format(Math.max(-1, value));
}

/**
 * A chart axis tick: as few decimals as the scale needs. No "+" on positive ticks: polaris-viz sizes the
 * axis by the longest label's character count, and a "+" is wider than the "-" it measures, so it cuts them.
 */
export function formatAxisPercent(value: string | number | null): string {
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  return (Math.abs(value) >= 0.1 || value === 0 ? axisPercent : axisPercentTenths).format(value);
}
// Built once: an Intl format costs far more to make than to use, and a page formats hundreds of values.
const axisPercent = new Intl.NumberFormat(LOCALE, { style: "percent", maximumFractionDigits: 0 });
const axisPercentTenths = new Intl.NumberFormat(LOCALE, { style: "percent", maximumFractionDigits: 1 });

/** Three significant digits, floored at "< 0.001" where more digits would suggest false precision. */
export function formatPValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (value < 0.001) return "< 0.001";
  return pValue.format(value);
}
const pValue = new Intl.NumberFormat(LOCALE, { minimumSignificantDigits: 3, maximumSignificantDigits: 3 });

const moneyFormats = new Map<string, { format: Intl.NumberFormat; digits: number }>();
const plainAmount = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in its own currency; a code Intl does not know still prints the amount with the code. An amount
 * that rounds to nothing prints as zero, never "-$0.00", which would read as a loss that is not there.
 */
export function formatMoney(value: number | null | undefined, currency: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  let money = moneyFormats.get(currency);
  if (!money) {
    try {
      const format = new Intl.NumberFormat(LOCALE, { style: "currency", currency });
      money = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    } catch {
      return `${plainAmount.format(unsignedZero(value, 2))} ${currency}`;
    }
    moneyFormats.set(currency, money);
  }
  return money.format.format(unsignedZero(value, money.digits));
}

/** 0 for a value Intl would round to zero at `digits` decimals (it keeps the sign of -0.001 and of -0). */
const unsignedZero = (value: number, digits: number) => (Math.abs(value) < 0.5 * 10 ** -digits ? 0 : value);

/** Milliseconds, switching to seconds from one second on. */
export function formatMs(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  if (Math.abs(value) < 1000) return `${integer.format(Math.round(value))} ms`;
  return `${seconds.format(value / 1000)} s`;
}
const seconds = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: "UTC" });
const dayFormat = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", timeZone: "UTC" });

/** An ISO timestamp as a date, e.g. "Mar 4, 2026" (UTC, like the daily rollups). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return DASH;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? DASH : dateFormat.format(date);
}

/** A rollup day ("2026-03-04") as a short axis label, e.g. "Mar 4". */
export function formatDay(day: string | number | null | undefined): string {
  if (day === null || day === undefined) return "";
  // The results page labels each of a test's days in three charts and their tables: each label is made once.
  let label = dayLabels.get(day);
  if (label === undefined) {
    const date = new Date(typeof day === "number" ? day : `${day.slice(0, 10)}T00:00:00Z`);
    label = Number.isNaN(date.getTime()) ? String(day) : dayFormat.format(date);
    if (dayLabels.size >= MAX_DAY_LABELS) dayLabels.clear();
    dayLabels.set(day, label);
  }
  return label;
}
const dayLabels = new Map<string | number, string>();
/** Bounds the labels kept: ten years of days. */
const MAX_DAY_LABELS = 3_660;

/** The statistics engine's error codes in the merchant's words. */
export function comparisonErrorText(code: string): string {
  switch (code) {
    case "no-users":
      return "Not enough data: an arm has no visitors yet";
    case "too-few-users":
      return "Not enough data yet";
    case "zero-control-mean":
      return "Not enough data: control has no conversions yet";
    case "zero-variance":
      // The engine's rule: an arm where every visitor did the same gives no measure of its uncertainty.
      return "Not enough data: in one arm no visitor has converted yet, or every visitor has";
    case "non-finite-result":
      return "Could not be computed";
    default:
      return "Not enough data";
  }
}
