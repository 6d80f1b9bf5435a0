// The shop's Settings: the account owner's email for announcements and the notices switched on (with the emails
// waiting for that address), the raw-event retention, chance to win's prior.
import { emailKindsSwitchedOff, normalizeNotices } from "~/domain/notices/notice-kinds";
import { chancePrior, chancePriorSentence, MAX_PAST_LIFTS } from "~/domain/results/shop-prior";
import { parseSettingsForm, type SettingsFields } from "~/domain/settings/settings-form";
import {
  LIFT_PRIOR_PERCENT_MAX,
  LIFT_PRIOR_PERCENT_MIN,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
} from "~/domain/settings/settings-form";
import { readPastComparisons } from "~/models/results/completed-lift.server";
import { listUnaddressedEmails } from "~/models/shops/outbox.server";
import { findShopByDomain, updateShopSettings } from "~/models/shops/shop.server";
import { kickOutbox } from "~/services/outbox.server";
import { fail, invalidForm, ok, type Outcome, type Problem } from "~/services/outcome";
import { invalidateSitesOfShop } from "./staff-visits.server";

const SHOP_NOT_FOUND: Problem = { status: 404, type: "shop-not-found", title: "This shop is not installed" };

export interface SettingsView extends SettingsFields {
  bounds: { min: number; max: number };
  priorBounds: { min: number; max: number };
  /** Which prior chance to win uses now, in words: learned from the shop's completed tests, or this setting. */
  priorInUse: string;
  /** Emails that wait for an owner's address (an announcement, or a notice switched on before it was cleared). */
  waiting: Array<{ kind: string; subject: string; queuedAt: string }>;
}

export async function loadSettings(shopDomain: string): Promise<Outcome<SettingsView>> {
  const shop = await findShopByDomain(shopDomain);
  if (!shop) return fail(SHOP_NOT_FOUND);
  const prior = chancePrior(await readPastComparisons(shopDomain, MAX_PAST_LIFTS), shop.liftPriorSd);
  const waiting = await listUnaddressedEmails(shopDomain);
  return ok({
    ownerEmail: shop.ownerEmail,
    retentionDays: shop.retentionDays,
    liftPriorSd: shop.liftPriorSd,
    excludeStaff: shop.excludeStaff,
    notices: normalizeNotices(shop.notices),
    waiting: waiting.map((email) => ({ kind: email.kind, subject: email.subject, queuedAt: email.createdAt.toISOString() })),
    bounds: { min: RETENTION_DAYS_MIN, max: RETENTION_DAYS_MAX },
    priorBounds: { min: LIFT_PRIOR_PERCENT_MIN, max: LIFT_PRIOR_PERCENT_MAX },
    priorInUse: chancePriorSentence(prior),
  });
}

export async function saveSettings(
  shopDomain: string,
  form: { ownerEmail?: string | null; retentionDays?: string | null; liftPriorPercent?: string | null; excludeStaff?: string | null; notices?: string | null },
): Promise<Outcome<SettingsFields>> {
  const parsed = parseSettingsForm(form);
  if (!parsed.ok) return fail(invalidForm("invalid-settings", parsed.errors));
  const saved = await updateShopSettings(shopDomain, parsed.value, emailKindsSwitchedOff(parsed.value.notices));
  if (!saved) return fail(SHOP_NOT_FOUND);
  // Emails that waited for this address go now, not at the drainer's next look.
  if (saved.addressed > 0) kickOutbox();
  // The storefront's answers depend on the switch: every site of the shop reloads its configuration.
  await invalidateSitesOfShop(shopDomain);
  return ok(parsed.value);
}
