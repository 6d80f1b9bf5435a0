// The owner's emails svc may send, and who receives one: breaking-change announcements always (the spec's one
// allowed notification), every other kind only when the merchant switched it on in Settings.

/** The notices a merchant can ask for, in the order Settings lists them. */
export const NOTICE_KINDS = ["decided", "srm", "guardrail", "misuse", "schedule"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What each switch in Settings sends, in the merchant's words. */
export const NOTICE_WORDS: Record<NoticeKind, { label: string; helpText: string }> = {
  decided: {
    label: "A test is decided",
    helpText: "Once, when a running test reaches its decision (ship, keep the original, no difference), and when svc completes a test set to stop once decided.",
  },
  srm: {
    label: "A test's visitors are not split as set",
    helpText: "Once per test, when its arms' visitors are too far from its weights to be chance (a sample ratio mismatch): its results cannot be trusted until the cause is fixed.",
  },
  guardrail: {
    label: "svc paused a test: a guardrail was tripped",
    helpText: "When a variant loses on a guardrail goal, or keeps your page's content hidden too long, and svc pauses the test.",
  },
  misuse: {
    label: "svc paused a test: exposures it did not show",
    helpText: "When a page script keeps reporting variants visitors were not shown, and svc pauses the test until the page is fixed.",
  },
  schedule: {
    label: "A scheduled start or end",
    helpText: "When svc completes a test at its scheduled end, or cannot start one at its scheduled start.",
  },
};

/** Every notice's last line: why it came, and where to stop it. */
export const NOTICE_FOOTER = `You receive this because you switched this notice on in svc's Settings, under Notices; switch it off there.\n`;

/** The kind an announcement's emails carry: sent to every owner, with no switch. */
export const ANNOUNCEMENT_KIND = "announcement";

/** The outbox email kinds each switch governs. */
const EMAIL_KINDS: Record<NoticeKind, readonly string[]> = {
  decided: ["decided", "decided-stop"],
  srm: ["srm"],
  guardrail: ["guardrail-pause"],
  misuse: ["misuse-pause"],
  schedule: ["schedule-end", "schedule-start-failed"],
};

/** Which switch governs an outbox email of this kind; null for announcements, which need none. */
export function noticeKindOfEmail(emailKind: string): NoticeKind | null {
  return NOTICE_KINDS.find((kind) => EMAIL_KINDS[kind].includes(emailKind)) ?? null;
}

/** The email kinds of the switches that are off: what no waiting email may still send. */
export function emailKindsSwitchedOff(notices: readonly string[]): string[] {
  return NOTICE_KINDS.filter((kind) => !notices.includes(kind)).flatMap((kind) => EMAIL_KINDS[kind]);
}

export interface NoticeOwner {
  ownerEmail: string | null;
  /** The kinds switched on (Shop.notices); anything else stored there is ignored. */
  notices: readonly string[];
}

/**
 * Where a notice of `kind` goes: undefined when the merchant did not ask for it (nothing is queued), null when
 * asked for but no address is set (queued unaddressed, shown in Settings, sent once one is), else the address.
 */
export function noticeRecipient(owner: NoticeOwner, kind: NoticeKind): string | null | undefined {
  if (!owner.notices.includes(kind)) return undefined;
  return owner.ownerEmail;
}

/** The switches as stored: known kinds only, once each, in Settings' order. */
export function normalizeNotices(kinds: readonly string[]): NoticeKind[] {
  return NOTICE_KINDS.filter((kind) => kinds.includes(kind));
}
