// A test's last selector check (the SelectorCheck table): replaced by each report, read by the test's page;
// and the check tokens that have reported (UsedCheckToken), each once.
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { inTransaction } from "~/models/transaction.server";
import { readStoredChanges, type CheckedChange, type SelectorCheck } from "~/domain/experiments/selector-check";

/**
 * Stores the check as the test's last one (one row per test, replaced), timed by this server's clock, and
 * marks its token used, in one transaction; null, storing nothing, when that token has reported already.
 * Tokens past their expiry are forgotten on the way (an expired token is refused before it gets here).
 */
export async function saveSelectorCheckOnce(
  token: { digest: string; expiresAt: Date },
  testId: string,
  page: string,
  changes: CheckedChange[],
): Promise<SelectorCheck | null> {
  const now = new Date();
  return inTransaction(async (tx) => {
    await tx.usedCheckToken.deleteMany({ where: { expiresAt: { lt: now } } });
    // Concurrent reports of one token: the primary key lets one in; the others insert nothing.
    const { count } = await tx.usedCheckToken.createMany({ data: [token], skipDuplicates: true });
    if (count === 0) return null;
    const data = { page, changes: changes as unknown as Prisma.InputJsonValue, checkedAt: now };
    const row = await tx.selectorCheck.upsert({ where: { testId }, create: { testId, ...data }, update: data });
    return { checkedAt: row.checkedAt.toISOString(), page: row.page, changes };
  });
}

/** The test's last check; null when it has none (or what is stored is not a check's shape). */
export async function findSelectorCheck(testId: string): Promise<SelectorCheck | null> {
  const db = await prisma();
  const row = await db.selectorCheck.findUnique({ where: { testId } });
  const changes = row && readStoredChanges(row.changes);
  return row && changes ? { checkedAt: row.checkedAt.toISOString(), page: row.page, changes } : null;
}
