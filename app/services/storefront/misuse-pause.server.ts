// svc pauses one test for sustained exposure misuse: the test alone (never the site), its reason shown in
// the admin, the owner's email queued in the same transaction, the test's evidence forgotten, and the
// Shopify storefront's plan rewritten at once by the schedule job's offline session.
import type { MisuseWindow } from "~/domain/events/exposure-integrity";
import { misusePauseEmail, misusePauseReason } from "~/domain/events/misuse-notice";
import type { SiteConfig } from "~/domain/sites/site-config";
import { pauseTestWithNotice } from "~/models/tests/pause-with-notice.server";
import { kickOutbox } from "~/services/outbox.server";
import { kickStalePlans } from "~/services/shopify/stale-hide-plans.server";
import { clearMisuseEvidence } from "~/services/misuse.server";
import { invalidateSite } from "~/services/site-cache.server";

export async function pauseTestForMisuse(site: SiteConfig, testId: string, window: MisuseWindow): Promise<void> {
  const reason = misusePauseReason(window);
  const paused = await pauseTestWithNotice(site.id, testId, reason, (test) => misusePauseEmail(test, reason));
  await clearMisuseEvidence(testId);
  if (!paused) return;
  invalidateSite(site.publicId);
  // This request has no Admin API session and must not wait on Shopify: the pause marked the shop's plan
  // behind in its transaction, and this instance's schedule job rewrites it now, in the background (any
  // instance's next pass does it otherwise).
  kickStalePlans();
  console.warn(`[svc] paused test ${testId} of site ${site.publicId} for exposure misuse${paused.queued ? "; the owner's notice is queued" : ""}`);
  kickOutbox();
}
