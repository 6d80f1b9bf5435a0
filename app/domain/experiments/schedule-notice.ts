// What the owner is told, when they asked for it (Settings, Notices), of what svc saw or did by itself: a test
// decided or stopped once decided, a sample ratio mismatch, a guardrail pause, a scheduled end or failed start.
import { oneLine } from "../events/misuse-notice";
import { NOTICE_FOOTER, noticeRecipient } from "../notices/notice-kinds";

export interface ScheduleEmail {
  kind: "schedule-end" | "decided-stop" | "schedule-start-failed" | "guardrail-pause" | "decided" | "srm";
  /** Null: asked for, but the shop has no owner's email yet (kept until it has). */
  to: string | null;
  subject: string;
  text: string;
}

export interface NoticeTest {
  name: string;
  siteName: string;
  shopDomain: string;
  ownerEmail: string | null;
  /** The notices the merchant switched on (Shop.notices). */
  notices: readonly string[];
}

const FOOTER = NOTICE_FOOTER;

/** Words for what the decision was, for the email's first line. */
const DECIDED_WORDS: Record<"ship" | "keep-control" | "no-difference", (winner: string | null) => string> = {
  ship: (winner) => `${winner ?? "A variant"} beat the original by the test's rule, so svc completed the test with it as the winner.`,
  "keep-control": () => `The variants did worse than the original by the test's rule, so svc completed the test and kept the original.`,
  "no-difference": () => `No variant differs from the original by as much as the test's minimum detectable effect, so svc completed the test with no winner.`,
};

export function decidedStopEmail(test: NoticeTest, endedBy: keyof typeof DECIDED_WORDS, winner: string | null): ScheduleEmail | null {
  const to = noticeRecipient(test, "decided");
  if (to === undefined) return null;
  return {
    kind: "decided-stop",
    to,
    subject: `svc completed the test "${oneLine(test.name, 120)}": ${endedBy === "ship" ? "a winner" : endedBy === "keep-control" ? "keep the original" : "no difference"}`,
    text:
      `Hello,\n\n${DECIDED_WORDS[endedBy](winner)} You asked svc to stop it once decided.\n\n` +
      `Test: ${test.name}\nSite: ${test.siteName}\nShop: ${test.shopDomain}\n\n` +
      `Open svc in your Shopify admin, then Tests and this test, for its results.${endedBy === "ship" ? " The winner is not live until you make it part of your theme or page." : ""}\n\n` +
      FOOTER,
  };
}

export function scheduledEndEmail(test: NoticeTest): ScheduleEmail | null {
  const to = noticeRecipient(test, "schedule");
  if (to === undefined) return null;
  return {
    kind: "schedule-end",
    to,
    subject: `svc completed the test "${oneLine(test.name, 120)}" at its scheduled end`,
    text:
      `Hello,\n\nThe test reached the end you scheduled, so svc completed it with no winner declared: every visitor sees the original again.\n\n` +
      `Test: ${test.name}\nSite: ${test.siteName}\nShop: ${test.shopDomain}\n\n` +
      `Open svc in your Shopify admin, then Tests and this test, for its results.\n\n` +
      FOOTER,
  };
}

export function scheduledStartFailedEmail(test: NoticeTest, reason: string): ScheduleEmail | null {
  const to = noticeRecipient(test, "schedule");
  if (to === undefined) return null;
  return {
    kind: "schedule-start-failed",
    to,
    subject: `svc could not start the test "${oneLine(test.name, 120)}" as scheduled`,
    text:
      `Hello,\n\nThe test was scheduled to start now, but it cannot start: ${reason}\n\nIt is still a draft and its scheduled start is cleared.\n\n` +
      `Test: ${test.name}\nSite: ${test.siteName}\nShop: ${test.shopDomain}\n\n` +
      FOOTER,
  };
}

/** svc paused the test because a variant tripped a guardrail: `reason` is the sentence the test's page shows. */
export function guardrailPauseEmail(test: NoticeTest, reason: string): ScheduleEmail | null {
  const to = noticeRecipient(test, "guardrail");
  if (to === undefined) return null;
  return {
    kind: "guardrail-pause",
    to,
    subject: `svc paused the test "${oneLine(test.name, 120)}": a guardrail was tripped`,
    text:
      `Hello,\n\n${reason}\n\n` +
      `Test: ${test.name}\nSite: ${test.siteName}\nShop: ${test.shopDomain}\n\n` +
      `Open svc in your Shopify admin, then Tests and this test, for its results. Complete it, or resume it if the loss is acceptable: ` +
      `once resumed, svc judges its guardrails on the traffic from the next day on: this loss does not pause it again, a new one does.\n\n` +
      FOOTER,
  };
}

const DECIDED_NOTICE: Record<"ship" | "keep-control" | "no-difference", (winner: string | null) => string> = {
  ship: (winner) => `${winner ?? "A variant"} beats the original by the test's rule: you can complete the test with it as the winner.`,
  "keep-control": () => `The variants do worse than the original by the test's rule: you can complete the test and keep the original.`,
  "no-difference": () =>
    `No variant differs from the original by as much as the test's minimum detectable effect: you can complete the test, as running on is unlikely to change that.`,
};

/** The test's decision was reached and the test is not set to stop by itself: the owner is told once. */
export function decidedEmail(test: NoticeTest, state: keyof typeof DECIDED_NOTICE, winner: string | null): ScheduleEmail | null {
  const to = noticeRecipient(test, "decided");
  if (to === undefined) return null;
  return {
    kind: "decided",
    to,
    subject: `The test "${oneLine(test.name, 120)}" is decided: ${state === "ship" ? "a winner" : state === "keep-control" ? "keep the original" : "no difference"}`,
    text:
      `Hello,\n\n${DECIDED_NOTICE[state](winner)} svc keeps the test running until you complete it.\n\n` +
      `Test: ${test.name}\nSite: ${test.siteName}\nShop: ${test.shopDomain}\n\n` +
      `Open svc in your Shopify admin, then Tests and this test, for its results.\n\n` +
      FOOTER,
  };
}

/** The test's visitors are not split as its weights say (sample ratio mismatch): told once. */
export function srmEmail(test: NoticeTest): ScheduleEmail | null {
  const to = noticeRecipient(test, "srm");
  if (to === undefined) return null;
  return {
    kind: "srm",
    to,
    subject: `Do not trust the test "${oneLine(test.name, 120)}" yet: its visitors are not split as set`,
    text:
      `Hello,\n\nThe test's arms received visitors in proportions its weights make very unlikely (a sample ratio mismatch). ` +
      `Something other than chance is at work, such as a redirect that loses visitors or a cache that serves one arm: ` +
      `its results cannot be trusted until that is found and fixed. svc keeps the test running.\n\n` +
      `Test: ${test.name}\nSite: ${test.siteName}\nShop: ${test.shopDomain}\n\n` +
      `Open svc in your Shopify admin, then Tests and this test, for what the page says about it.\n\n` +
      FOOTER,
  };
}
