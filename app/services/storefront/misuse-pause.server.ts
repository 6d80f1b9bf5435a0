// svc pauses one test for sustained exposure misuse: the test alone (never the site), its reason shown in
// the admin, the owner's email queued in the same transaction, the test's evidence forgotten.
import type { MisuseWindow } from "~/domain/events/exposure-integrity";
import { misusePauseEmail, misusePauseReason } from "~/domain/events/misuse-notice";
import type { SiteConfig } from "~/domain/sites/site-config";
import { pauseTestWithNotice } from "~/models/pause-with-notice.server";
import { kickOutbox } from "~/services/outbox.server";
import { clearMisuseEvidence } from "./misuse.server";
import { invalidateSite } from "./site-cache.server";

export async function pauseTestForMisuse(site: SiteConfig, testId: string, window: MisuseWindow): Promise<void> {
  const reason = misusePauseReason(window);
  const paused = await pauseTestWithNotice(site.id, testId, reason, (test) => misusePauseEmail(test, reason));
  await clearMisuseEvidence(testId);
  if (!paused) return;
  invalidateSite(site.publicId);
  console.warn(`[svc] paused test ${testId} of site ${site.publicId} for exposure misuse${paused.ownerEmail ? "; owner notified" : " (no owner email set)"}`);
  kickOutbox();
}
