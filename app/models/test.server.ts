// A/B tests with their arms and goals: the only code that writes the Test, Arm and Goal tables.
import { prisma } from "~/db.server";
import type { GoalKind, Prisma, TestStatus } from "~/generated/prisma/client";

export interface TestDefinition {
  id: string;
  siteId: string;
  name: string;
  status: TestStatus;
  pages: string[];
  trafficPercent: number;
  arms: Array<{ id: string; key: string; name: string; weight: number; patches: Prisma.InputJsonValue; redirectUrl?: string | null }>;
  goals: Array<{ label: string; kind: GoalKind; selector?: string | null; urlPattern?: string | null; isPrimary?: boolean }>;
}

/** Creates the test or replaces its definition (arms and goals included), keeping its id and arm ids. */
export async function upsertTest(def: TestDefinition) {
  const db = await prisma();
  const fields = {
    name: def.name,
    status: def.status,
    pages: def.pages,
    trafficPercent: def.trafficPercent,
    ...(def.status === "running" && { startedAt: new Date() }),
  };
  return db.$transaction(async (tx) => {
    const existing = await tx.test.findUnique({ where: { id: def.id }, select: { startedAt: true } });
    await tx.test.upsert({
      where: { id: def.id },
      create: { id: def.id, siteId: def.siteId, ...fields },
      update: { ...fields, ...(existing?.startedAt && { startedAt: existing.startedAt }) },
    });
    await tx.goal.deleteMany({ where: { testId: def.id } });
    await tx.goal.createMany({ data: def.goals.map((g) => ({ testId: def.id, ...g })) });
    for (const [position, arm] of def.arms.entries()) {
      const data = { key: arm.key, name: arm.name, weight: arm.weight, patches: arm.patches, redirectUrl: arm.redirectUrl ?? null, position };
      await tx.arm.upsert({ where: { id: arm.id }, create: { id: arm.id, testId: def.id, ...data }, update: data });
    }
  });
}

export async function listTestsOfSites(siteIds: string[]) {
  const db = await prisma();
  return db.test.findMany({
    where: { siteId: { in: siteIds }, status: { not: "archived" } },
    orderBy: { createdAt: "desc" },
    select: { id: true, siteId: true, name: true, status: true, pages: true, startedAt: true },
  });
}
