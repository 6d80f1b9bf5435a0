// The shop's kept variant unit costs (VariantCost), read for an order's cost and refreshed from its Admin
// API: the only code that reads or writes the VariantCost table.
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import type { UnitCost } from "~/domain/shopify/order-lines";
import type { KeptCost } from "~/domain/shopify/variant-cost";

/** The kept costs of these variants of the shop, by variant id (missing: never read). */
export async function findVariantCosts(shopId: string, variantIds: readonly string[]): Promise<Map<string, KeptCost>> {
  if (variantIds.length === 0) return new Map();
  const db = await prisma();
  const rows = await db.variantCost.findMany({ where: { shopId, variantId: { in: [...variantIds] } } });
  return new Map(
    rows.map((r) => [
      r.variantId,
      { variantId: r.variantId, fetchedAt: r.fetchedAt, cost: r.unitCost === null || r.currency === null ? null : { amount: Number(r.unitCost), currency: r.currency } },
    ]),
  );
}

/** Keeps what was just read (a cost, or null for none), replacing what was kept. */
export async function saveVariantCosts(shopId: string, costs: ReadonlyMap<string, UnitCost>, fetchedAt: Date): Promise<void> {
  if (costs.size === 0) return;
  const db = await prisma();
  await db.$transaction(
    [...costs].map(([variantId, cost]) => {
      const fields = { unitCost: cost === null ? null : new Prisma.Decimal(cost.amount), currency: cost?.currency ?? null, fetchedAt };
      return db.variantCost.upsert({ where: { shopId_variantId: { shopId, variantId } }, create: { shopId, variantId, ...fields }, update: fields });
    }),
  );
}
