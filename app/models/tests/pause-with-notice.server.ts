// svc pausing one running test by itself (exposure misuse, a tripped guardrail), with the owner's notice
// queued and the shop's storefront plan marked behind in the same transaction.
import { markHidePlanStale } from "~/models/shopify/hide-plan-state.server";
import { enqueueEmail, type NewEmail } from "~/models/shops/outbox.server";
import { inTransaction } from "~/models/transaction.server";

export interface PausedTest {
  name: string;
  siteName: string;
  shopDomain: string;
  ownerEmail: string | null;
  /** The notices the merchant switched on (Shop.notices). */
  notices: string[];
}

export interface PauseDone extends PausedTest {
  /** An email was queued: the merchant asked for this notice (addressed, or waiting for an address). */
  queued: boolean;
}

/**
 * Pauses the test with `reason` if it is still running on the site; then `notice` composes the owner's
 * email from what was paused (null: none is sent), written to the outbox in the same transaction. Null
 * when the test was not running any more (paused meanwhile by another request or instance: no second email).
 */
export async function pauseTestWithNotice(
  siteId: string,
  testId: string,
  reason: string,
  notice: (test: PausedTest) => Omit<NewEmail, "shopId"> | null,
  mark: { guardrailTrippedAt?: Date } = {},
): Promise<PauseDone | null> {
  return inTransaction(async (tx) => {
    const { count } = await tx.test.updateMany({ where: { id: testId, siteId, status: "running" }, data: { status: "paused", pausedReason: reason, ...mark } });
    if (count !== 1) return null;
    // The storefront's plan still lists the test: marked here, so its rewrite cannot be forgotten.
    await markHidePlanStale(tx, testId);
    const row = await tx.test.findUniqueOrThrow({
      where: { id: testId },
      select: { name: true, site: { select: { name: true, shopId: true, shop: { select: { domain: true, ownerEmail: true, notices: true } } } } },
    });
    const paused: PausedTest = { name: row.name, siteName: row.site.name, shopDomain: row.site.shop.domain, ownerEmail: row.site.shop.ownerEmail, notices: row.site.shop.notices };
    const email = notice(paused);
    if (email) await enqueueEmail(tx, { ...email, shopId: row.site.shopId });
    return { ...paused, queued: email !== null };
  });
}
