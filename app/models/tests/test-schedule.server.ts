// A test's schedule as the admin and the schedule job read and write it: the form's fields, the due tests,
// the running tests each pass watches, and what svc did by itself (ended, cleared, told), each with its notice in one transaction.
import { prisma } from "~/db.server";
import { enqueueEmail, type NewEmail } from "~/models/shops/outbox.server";
import { inTransaction, type Tx } from "~/models/transaction.server";

export interface ScheduleRow {
  id: string;
  status: "draft" | "running" | "paused" | "completed" | "archived";
  scheduledStartAt: Date | null;
  scheduledEndAt: Date | null;
  stopWhenDecided: boolean;
  pauseOnFlicker: boolean;
  endedBy: string | null;
  timeZone: string;
}

const SELECT = {
  id: true, status: true, scheduledStartAt: true, scheduledEndAt: true, stopWhenDecided: true, pauseOnFlicker: true, endedBy: true,
  site: { select: { shop: { select: { domain: true, timeZone: true } } } },
} as const;

/** The test's schedule with its shop's time zone, if it is one of this shop's. */
export async function findScheduleOfShop(shopDomain: string, testId: string): Promise<ScheduleRow | null> {
  const db = await prisma();
  const row = await db.test.findFirst({ where: { id: testId, site: { shop: { domain: shopDomain } } }, select: SELECT });
  return row && { ...row, timeZone: row.site.shop.timeZone };
}

export async function writeSchedule(
  testId: string,
  schedule: { scheduledStartAt?: Date | null; scheduledEndAt: Date | null; stopWhenDecided: boolean; pauseOnFlicker: boolean },
): Promise<void> {
  const db = await prisma();
  await db.test.update({ where: { id: testId }, data: schedule });
}

export type DueRow = ScheduleRow & { shopDomain: string };

/** Drafts due to start and running or paused tests due to end at `now`, with their shop. */
export async function listDueScheduled(now: Date): Promise<DueRow[]> {
  const db = await prisma();
  const rows = await db.test.findMany({
    where: {
      OR: [
        { status: "draft", scheduledStartAt: { lte: now } },
        { status: { in: ["running", "paused"] }, scheduledEndAt: { lte: now } },
      ],
      site: { shop: { uninstalledAt: null } },
    },
    select: SELECT,
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({ ...r, timeZone: r.site.shop.timeZone, shopDomain: r.site.shop.domain }));
}

/** Running tests that stop once decided, with their shop. */
export interface WatchedTest {
  id: string;
  siteId: string;
  sitePublicId: string;
  shopDomain: string;
  stopWhenDecided: boolean;
  /** Guardrail goals' labels. */
  guardrails: string[];
  /** Pause when a variant keeps content hidden too long. */
  pauseOnFlicker: boolean;
  /** When a guardrail last paused it: once resumed, its guardrails judge what came after only. */
  guardrailTrippedAt: Date | null;
  decidedNoticed: boolean;
  srmNoticed: boolean;
}

/** The running tests of active sites, with what each pass checks them for. */
export async function listWatched(): Promise<WatchedTest[]> {
  const db = await prisma();
  const rows = await db.test.findMany({
    where: { status: "running", site: { status: "active", shop: { uninstalledAt: null } } },
    select: {
      id: true, stopWhenDecided: true, pauseOnFlicker: true, guardrailTrippedAt: true, decidedNoticeAt: true, srmNoticeAt: true,
      goals: { where: { isGuardrail: true }, select: { label: true } },
      site: { select: { id: true, publicId: true, shop: { select: { domain: true } } } },
    },
    orderBy: { id: "asc" },
  });
  return rows.map((r) => ({
    id: r.id, siteId: r.site.id, sitePublicId: r.site.publicId, shopDomain: r.site.shop.domain, stopWhenDecided: r.stopWhenDecided,
    guardrails: r.goals.map((g) => g.label), pauseOnFlicker: r.pauseOnFlicker, guardrailTrippedAt: r.guardrailTrippedAt, decidedNoticed: r.decidedNoticeAt !== null, srmNoticed: r.srmNoticeAt !== null,
  }));
}

export interface NoticeTarget {
  name: string;
  siteName: string;
  shopDomain: string;
  ownerEmail: string | null;
  /** The notices the merchant switched on (Shop.notices). */
  notices: string[];
  winnerName: string | null;
}

type Notice = (test: NoticeTarget) => Omit<NewEmail, "shopId"> | null;

/**
 * The guarded write `mark` (a count of 1 when this call made the change, 0 when another instance or request
 * already had), then the owner's notice composed by `notice` from the test as it now is, queued in the same
 * transaction: each change is told once. False when the change was already made.
 */
async function markAndNotify(testId: string, mark: (tx: Tx) => Promise<{ count: number }>, notice: Notice): Promise<boolean> {
  return inTransaction(async (tx) => {
    if ((await mark(tx)).count !== 1) return false;
    const row = await tx.test.findUniqueOrThrow({
      where: { id: testId },
      select: {
        name: true, winnerArmId: true, arms: { select: { id: true, name: true } },
        site: { select: { name: true, shopId: true, shop: { select: { domain: true, ownerEmail: true, notices: true } } } },
      },
    });
    const email = notice({
      name: row.name, siteName: row.site.name, shopDomain: row.site.shop.domain, ownerEmail: row.site.shop.ownerEmail, notices: row.site.shop.notices,
      winnerName: row.arms.find((a) => a.id === row.winnerArmId)?.name ?? null,
    });
    if (email) await enqueueEmail(tx, { ...email, shopId: row.site.shopId });
    return true;
  });
}

/** Records that the owner was told a running test is decided, or that its sample ratio mismatches, once. */
export const recordNotice = (testId: string, field: "decidedNoticeAt" | "srmNoticeAt", now: Date, notice: Notice) =>
  markAndNotify(testId, (tx) => tx.test.updateMany({ where: { id: testId, status: "running", [field]: null }, data: { [field]: now } }), notice);

/** Records why svc ended the completed test, once, with the owner's notice. */
export const recordEndedBy = (testId: string, endedBy: string, notice: Notice) =>
  markAndNotify(testId, (tx) => tx.test.updateMany({ where: { id: testId, status: "completed", endedBy: null }, data: { endedBy } }), notice);

/** Clears a scheduled start that could not happen, with the owner's notice; false when it was already cleared. */
export const clearFailedStart = (testId: string, notice: Notice) =>
  markAndNotify(testId, (tx) => tx.test.updateMany({ where: { id: testId, status: "draft", scheduledStartAt: { not: null } }, data: { scheduledStartAt: null } }), notice);
