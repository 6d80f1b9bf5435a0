// A test's last selector check (the SelectorCheck table): replaced by each report, read by the test's page.
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { readStoredChanges, type CheckedChange, type SelectorCheck } from "~/domain/experiments/selector-check";

/** Stores the check as the test's last one (one row per test, replaced), timed by this server's clock. */
export async function saveSelectorCheck(testId: string, page: string, changes: CheckedChange[]): Promise<SelectorCheck> {
  const db = await prisma();
  const data = { page, changes: changes as unknown as Prisma.InputJsonValue, checkedAt: new Date() };
  const row = await db.selectorCheck.upsert({ where: { testId }, create: { testId, ...data }, update: data });
  return { checkedAt: row.checkedAt.toISOString(), page: row.page, changes };
}

/** The test's last check; null when it has none (or what is stored is not a check's shape). */
export async function findSelectorCheck(testId: string): Promise<SelectorCheck | null> {
  const db = await prisma();
  const row = await db.selectorCheck.findUnique({ where: { testId } });
  const changes = row && readStoredChanges(row.changes);
  return row && changes ? { checkedAt: row.checkedAt.toISOString(), page: row.page, changes } : null;
}
