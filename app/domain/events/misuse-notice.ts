// What the merchant is told when svc pauses a test for exposure misuse: the reason the admin shows on the
// test, and the owner's email.
import { NOTICE_FOOTER, noticeRecipient } from "../notices/notice-kinds";
import type { MisuseWindow } from "./exposure-integrity";

/** The test's pausedReason: what happened, in figures, that results are safe, and what to do. */
export function misusePauseReason(window: MisuseWindow): string {
  const minutes = Math.max(1, Math.round(window.spanMs / 60_000));
  return (
    `svc paused this test: over ${minutes} minute${minutes === 1 ? "" : "s"}, ${window.visitors} or more visitors ` +
    `on ${window.networks} or more networks sent ${window.evidence} exposure events from your site claiming a variant ` +
    `they were not shown (a page script calling window.svc.exposure with wrong values?). None of them was counted: ` +
    `the results are unaffected. Fix the page, then resume the test.`
  );
}

export interface MisuseEmail {
  kind: "misuse-pause";
  /** Null: asked for, but the shop has no owner's email yet (kept until it has). */
  to: string | null;
  subject: string;
  text: string;
}

/** The owner's email about the pause; null when the merchant did not ask for it (the admin says it anyway). */
export function misusePauseEmail(
  test: { name: string; siteName: string; shopDomain: string; ownerEmail: string | null; notices: readonly string[] },
  reason: string,
): MisuseEmail | null {
  const to = noticeRecipient(test, "misuse");
  if (to === undefined) return null;
  return {
    kind: "misuse-pause",
    to,
    subject: `svc paused the test "${oneLine(test.name, 120)}" on ${oneLine(test.siteName, 80)}`,
    text:
      `Hello,\n\n${reason}\n\n` +
      `Test: ${test.name}\nSite: ${test.siteName}\nShop: ${test.shopDomain}\n\n` +
      `Open svc in your Shopify admin, then Tests and this test, to resume it. The site's other tests keep running.\n\n` +
      NOTICE_FOOTER,
  };
}

/** One line of at most `max` characters: a subject never carries a line break. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/[\r\n\t]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
