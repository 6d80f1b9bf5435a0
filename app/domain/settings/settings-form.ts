// The Settings form: the account owner's email (for announcements of breaking changes) and how long raw
// events are kept, checked with one message per field.

export interface SettingsFields {
  /** Null when the merchant clears it: announcements then go nowhere. */
  ownerEmail: string | null;
  retentionDays: number;
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

const MAX_EMAIL = 254;
// Deliberately loose (one @, a dotted domain, no spaces): the mail server is the real judge.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

export function parseSettingsForm(input: {
  ownerEmail?: string | null;
  retentionDays?: string | null;
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
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ownerEmail: email || null, retentionDays: days } };
}
