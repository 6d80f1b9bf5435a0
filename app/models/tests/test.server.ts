// A/B tests with their arms and goals: the only code that writes the Test, Arm and Goal tables.
import { prisma } from "~/db.server";
import { Prisma, type GoalKind, type TestStatus } from "~/generated/prisma/client";
import { goalDefinition, type ParsedTest } from "~/domain/experiments/test-form";
import type { Patch } from "~/wire";
import { parseOffer } from "~/wire/offers";
import type { Audience } from "~/wire/rules/audience";

export interface TestDefinition {
  id: string;
  siteId: string;
  name: string;
  status: TestStatus;
  pages: string[];
  trafficPercent: number;
  /** Who may enter (app/wire/rules/audience.ts); absent: every visitor. */
  audience?: Audience;
  /** What checkout shows beside its discount; absent: svc's default. */
  offerTitle?: string | null;
  /** Buy-it-now buttons hidden, or their buyers excluded; absent: hidden. */
  buyNow?: "hide" | "exclude";
  /** When it started; written as given (the demo's examples start where their data does). Default: now, kept. */
  startedAt?: Date;
  /** `offer`: what the arm charges on a Shopify site (app/wire/offers.ts); absent, the list price. */
  arms: Array<{ id: string; key: string; name: string; weight: number; patches: Prisma.InputJsonValue; redirectUrl?: string | null; offer?: Prisma.InputJsonValue }>;
  goals: Array<{ label: string; kind: GoalKind; selector?: string | null; urlPattern?: string | null; isPrimary?: boolean; isGuardrail?: boolean }>;
}

/** Creates the test or replaces its definition (arms and goals included), keeping its id and arm ids. */
export async function upsertTest(def: TestDefinition) {
  const db = await prisma();
  const fields = {
    name: def.name,
    status: def.status,
    pages: def.pages,
    trafficPercent: def.trafficPercent,
    audience: audienceJson(def.audience ?? []),
    offerTitle: def.offerTitle ?? null,
    buyNow: def.buyNow ?? "hide",
    ...(def.status === "running" && { startedAt: def.startedAt ?? new Date() }),
  };
  return db.$transaction(async (tx) => {
    const existing = await tx.test.findUnique({ where: { id: def.id }, select: { startedAt: true } });
    await tx.test.upsert({
      where: { id: def.id },
      create: { id: def.id, siteId: def.siteId, ...fields },
      update: { ...fields, ...(existing?.startedAt && !def.startedAt && { startedAt: existing.startedAt }) },
    });
    await tx.goal.deleteMany({ where: { testId: def.id } });
    await tx.goal.createMany({ data: def.goals.map((g) => ({ testId: def.id, ...g })) });
    for (const [position, arm] of def.arms.entries()) {
      const data = { key: arm.key, name: arm.name, weight: arm.weight, patches: arm.patches, redirectUrl: arm.redirectUrl ?? null, offer: arm.offer ?? Prisma.DbNull, position };
      await tx.arm.upsert({ where: { id: arm.id }, create: { id: arm.id, testId: def.id, ...data }, update: data });
    }
  });
}

/**
 * What the editor stores: the parsed definition (domain/experiments/test-form.ts), with `siteId` the site's internal
 * id rather than its public Site ID. Arm keys decide arm identity.
 */
export type TestFields = ParsedTest & {
  /** Where the test's slice of its group starts (app/domain/experiments/test-group.ts); null without a group. */
  groupStart: number | null;
};

/**
 * An arm as Prisma writes it: patches as a Json column (validated by the parser); no offer as SQL NULL, the list
 * price, as rows from before offers are.
 */
const armRow = (arm: TestFields["arms"][number]) => ({
  ...arm,
  patches: arm.patches as Prisma.InputJsonValue,
  offer: arm.offer === null ? Prisma.DbNull : (arm.offer as unknown as Prisma.InputJsonValue),
});
/** The audience rules as Prisma writes a Json column (validated by the parser too). */
const audienceJson = (audience: TestFields["audience"]) => audience as unknown as Prisma.InputJsonValue;

const EDITABLE_TEST = {
  site: { select: { id: true, publicId: true, kind: true } },
  arms: { orderBy: { position: "asc" } },
  // Goals have no position: the primary first, then by label, the same every time.
  goals: { orderBy: [{ isPrimary: "desc" }, { label: "asc" }] },
} satisfies Prisma.TestInclude;

/** One test of the shop with its site, arms and goals; null when it does not exist or is another shop's. */
export async function findTestOfShop(shopId: string, testId: string) {
  const db = await prisma();
  return db.test.findFirst({ where: { id: testId, site: { shopId } }, include: EDITABLE_TEST });
}

/** Creates a draft test with generated ids for it, its arms and its goals; answers its id. */
export async function createTest(fields: TestFields): Promise<string> {
  const db = await prisma();
  const { arms, goals, audience, ...test } = fields;
  const created = await db.test.create({
    data: {
      ...test,
      audience: audienceJson(audience),
      status: "draft",
      arms: { create: arms.map((arm, position) => ({ ...armRow(arm), position })) },
      goals: { create: goals },
    },
    select: { id: true },
  });
  return created.id;
}

/**
 * Saves an edited test of the shop, in one transaction; answers false when it is not the shop's. With
 * `structure` false only the words change (a test that has run keeps its arms, pages and goals).
 * Arms keep their ids by key, so exposures already recorded stay attached to the same arm.
 */
export async function updateTest(shopId: string, testId: string, fields: TestFields, structure: boolean): Promise<boolean> {
  const db = await prisma();
  return db.$transaction(async (tx) => {
    const words = { name: fields.name, hypothesis: fields.hypothesis, minDetectableEffect: fields.minDetectableEffect };
    const structural = {
      siteId: fields.siteId, pages: fields.pages, trafficPercent: fields.trafficPercent, audience: audienceJson(fields.audience),
      groupId: fields.groupId, groupStart: fields.groupStart, groupShare: fields.groupShare, offerTitle: fields.offerTitle,
      buyNow: fields.buyNow,
    };
    const { count } = await tx.test.updateMany({ where: { id: testId, site: { shopId } }, data: structure ? { ...words, ...structural } : words });
    if (count === 0 || !structure) return count > 0;
    await tx.arm.deleteMany({ where: { testId, key: { notIn: fields.arms.map((arm) => arm.key) } } });
    // Out of the way of the (testId, position) constraint while the kept arms take their new places.
    await tx.arm.updateMany({ where: { testId }, data: { position: { increment: 1000 } } });
    for (const [position, arm] of fields.arms.entries()) {
      await tx.arm.upsert({
        where: { testId_key: { testId, key: arm.key } },
        create: { testId, position, ...armRow(arm) },
        update: { position, ...armRow(arm) },
      });
    }
    await tx.goal.deleteMany({ where: { testId } });
    await tx.goal.createMany({ data: fields.goals.map((goal) => ({ testId, ...goal })) });
    return true;
  });
}

/** A draft copy of the shop's test (arms, goals, targeting), named `name`; null when it is not the shop's. */
export async function duplicateTest(shopId: string, testId: string, name: string): Promise<string | null> {
  const source = await findTestOfShop(shopId, testId);
  if (!source) return null;
  return createTest({
    siteId: source.siteId,
    name,
    hypothesis: source.hypothesis,
    pages: source.pages,
    trafficPercent: source.trafficPercent,
    minDetectableEffect: source.minDetectableEffect,
    // Copied as stored: it passed the editor's parser when it was saved.
    audience: source.audience as unknown as TestFields["audience"],
    // A copy holds no slice: the group's traffic is its tests', and the merchant puts the copy in one if need be.
    groupId: null,
    groupStart: null,
    groupShare: null,
    offerTitle: source.offerTitle,
    buyNow: source.buyNow,
    arms: source.arms.map((arm) => ({
      key: arm.key,
      name: arm.name,
      weight: arm.weight,
      // Copied as stored: they passed the editor's parser when they were saved.
      patches: arm.patches as unknown as Patch[],
      redirectUrl: arm.redirectUrl,
      offer: parseOffer(arm.offer),
    })),
    goals: source.goals.map(goalDefinition),
  });
}
