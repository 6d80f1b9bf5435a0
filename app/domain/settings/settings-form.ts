// The Settings form: the account owner's email (for announcements of breaking changes, and the notices the
// merchant switches on), how long raw events are kept and the typical size of a lift that chance to win assumes,
// checked with one message per field.
import { NOTICE_KINDS, normalizeNotices, type NoticeKind } from "../notices/notice-kinds";

export interface SettingsFields {
  /** Null when the merchant clears it: announcements then go nowhere. */
  ownerEmail: string | null;
  retentionDays: number;
  /** The prior's sd on the relative effect (0.05 = 5%), as chance to win reads it. */
  liftPriorSd: number;
  /** Leave the team's own visits out of every test (the addresses the admin is opened from). */
  excludeStaff: boolean;
  /** The notices switched on; none by default (the spec allows only breaking-change announcements unasked). */
  notices: NoticeKind[];
}

export type SettingsFieldErrors = Partial<Record<keyof SettingsFields, string>>;

/**
 * 30 days at least, so a running test's raw events are there to investigate a surprise; 1,095 (three
 * years) at most, because results never need raw events (they read the daily rollups) and keeping
 * visitors' events longer than that has no purpose. The default, 395, is 13 months: a year-over-year look.
 */
export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 1095;
export const RETENTION_DAYS_DEFAULT = 395;

/**
 * The typical lift, in percent: chance to win assumes real lifts are N(0, sd²), so 19 in 20 within ±2·sd,
 * until the shop has completed enough tests to learn it (results/shop-prior.ts). 2% is the default, the
 * engine's (stats/bayesian.ts DEFAULT_PRIOR; docs/statistics.md, Bayesian); below 1% nearly every chance would
 * sit at 50%, above 50% the prior says nothing and chance to win turns back into an over-confident p-value.
 */
export const LIFT_PRIOR_PERCENT_MIN = 1;
export const LIFT_PRIOR_PERCENT_MAX = 50;
export const LIFT_PRIOR_PERCENT_DEFAULT = 2;

const MAX_EMAIL = 254;
// Deliberately loose (one @, a dotted domain, no spaces): the mail server is the real judge.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

export function parseSettingsForm(input: {
  ownerEmail?: string | null;
  retentionDays?: string | null;
  liftPriorPercent?: string | null;
  excludeStaff?: string | null;
  /** The switched-on notice kinds, comma-separated ("decided,srm"); absent or empty: none. */
  notices?: string | null;
}): { ok: true; value: SettingsFields } | { ok: false; errors: SettingsFieldErrors } {
  const errors: SettingsFieldErrors = {};
  const email = (input.ownerEmail ?? "").trim();
  if (email.length > MAX_EMAIL) errors.ownerEmail = `Use at most ${MAX_EMAIL} characters.`;
  else if (email && !EMAIL.test(email)) errors.ownerEmail = "Enter an email address, as owner@example.com.";

  const daysText = (input.retentionDays ?? "").trim();
  const days = /^\d{1,6}$/.test(daysText) ? Number(daysText) : NaN;
  if (!Number.isInteger(days) || days < RETENTION_DAYS_MIN || days > RETENTION_DAYS_MAX) {
    errors.retentionDays = `Enter a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}.`;
  }
  // Absent (an older form, or an API client): the default, as for a new shop.
  const priorText = (input.liftPriorPercent ?? String(LIFT_PRIOR_PERCENT_DEFAULT)).trim().replace(/%$/, "").trim();
  const prior = /^\d{1,2}(\.\d{1,2})?$/.test(priorText) ? Number(priorText) : NaN;
  if (!(prior >= LIFT_PRIOR_PERCENT_MIN && prior <= LIFT_PRIOR_PERCENT_MAX)) {
    errors.liftPriorSd = `Enter a percentage from ${LIFT_PRIOR_PERCENT_MIN} to ${LIFT_PRIOR_PERCENT_MAX}, as 2 or 2.5.`;
  }
  const kinds = (input.notices ?? "").split(",").map((kind) => kind.trim()).filter(Boolean);
  const unknown = kinds.filter((kind) => !(NOTICE_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) errors.notices = `Choose from ${NOTICE_KINDS.join(", ")}; "${(unknown[0] ?? "").slice(0, 40)}" is not a notice.`;
  // A notice switched on with nowhere to go would only wait: the form asks for the address instead.
  else if (kinds.length > 0 && !email && !errors.ownerEmail) errors.ownerEmail = "Enter the email these notices go to, or switch them off.";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const excludeStaff = input.excludeStaff === "on" || input.excludeStaff === "true";
  return { ok: true, value: { ownerEmail: email || null, retentionDays: days, liftPriorSd: prior / 100, excludeStaff, notices: normalizeNotices(kinds) } };
}
