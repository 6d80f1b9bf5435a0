// Issue 20, row 2: one batch holding text the database cannot store (a lone surrogate, NUL) used to pass
// validation and then fail the whole group-commit transaction, so every site's batches in that group got
// 503. Now such text is refused at the door (400, app/wire/rules/text.ts), and a batch the database refuses
// anyway (here: a trigger refusing marked event ids, standing in for any value validation missed) is
// isolated by the group commit: it alone gets 422, and its neighbours, of any site, all commit.
import { describe, expect, it } from "vitest";
import type { SqlRunner } from "~/db/connection.server";
import type { SvcEvent } from "~/wire";
import { databaseKinds } from "../support/databases";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { batch, conversion, newId, pageview, postBatch } from "../support/snippet-client";
import { seedShop, seedSite } from "../support/seed";

const ATTACKER = "site-attacker";
const NEIGHBOUR = "site-neighbour";

async function seedTwoSites(sql: SqlRunner): Promise<void> {
  await seedShop(sql, { id: "iso-shop", domain: "iso-shop.myshopify.com", name: "Iso", currency: "USD" });
  await seedSite(sql, { id: "s-attacker", publicId: ATTACKER, shop: "iso-shop.myshopify.com", name: "Attacker", currency: "USD" });
  await seedSite(sql, { id: "s-neighbour", publicId: NEIGHBOUR, shop: "iso-shop.myshopify.com", name: "Neighbour", currency: "USD" });
  await sql.exec(`
    -- A value the database refuses although validation let it through: any event id starting "poison".
    CREATE FUNCTION svc_test_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."eventId" LIKE 'poison%' THEN RAISE EXCEPTION 'refused by the test' USING ERRCODE = '22P05'; END IF;
        RETURN NEW;
      END $$;
    CREATE TRIGGER svc_test_poison BEFORE INSERT ON "Event" FOR EACH ROW EXECUTE FUNCTION svc_test_poison();`);
}

/** `count` neighbour batches of 5 events each, with the bodies kept to send again. */
function neighbourBatches(count: number) {
  return Array.from({ length: count }, () => batch(NEIGHBOUR, newId(), newId(), [pageview("/a"), pageview("/b"), conversion("signup", 3), pageview("/c"), pageview("/d")]));
}

const click = (el: { tag: string; sel: string; id?: string; href?: string }): SvcEvent => ({ type: "click", id: newId(), ts: Date.now(), path: "/", el });

/** Resending committed batches is answered with every event a duplicate: they were all stored. */
async function expectAllStored(url: string, bodies: unknown[]): Promise<void> {
  const again = await Promise.all(bodies.map((b) => postBatch(url, b).then((r) => r.json() as Promise<{ accepted: number; duplicates: number }>)));
  for (const summary of again) expect(summary).toMatchObject({ accepted: 0, duplicates: 5 });
}

describe.each(databaseKinds)("a bad batch fails only itself, on %s", (kind) => {
  const ctx = useServer(kind, { ...SHOPIFY_TEST_ENV, SVC_RATE_LIMITS: "off" }, { seed: seedTwoSites });

  it("refuses text the database cannot store at the door, and every neighbour's batch commits", async () => {
    const hostile = [
      [conversion("sign\ud800up")],
      [{ ...pageview(), path: "/cart\udc00" }],
      [click({ tag: "a", sel: "a.\ud83c", href: "https://x.example/" })],
      [click({ tag: "a", sel: "a", id: "x\u0000" })],
      [click({ tag: "a", sel: "a", href: "https://x.example/a\u0000b" })],
      [click({ tag: "a\ud800", sel: "a" })],
    ];
    const neighbours = neighbourBatches(40);
    // Interleaved, all at once, so that the writer would have grouped them together.
    const requests = [
      ...neighbours.map((b) => ({ who: "neighbour", body: b })),
      ...Array.from({ length: 5 }, () => hostile.map((events) => ({ who: "attacker", body: batch(ATTACKER, newId(), newId(), events as SvcEvent[]) }))).flat(),
    ].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(requests.map(async ({ who, body }) => ({ who, res: await postBatch(ctx.server.url, body) })));
    for (const { who, res } of answers) {
      if (who === "neighbour") expect(res.status).toBe(200);
      else {
        expect(res.status).toBe(400);
        const problem = (await res.json()) as { type: string; issues: string[] };
        expect(problem.type).toMatch(/\/invalid-batch$/);
        expect(problem.issues.join(" ")).toMatch(/lone surrogate|control characters/);
      }
    }
    await expectAllStored(ctx.server.url, neighbours);
  });

  it("answers a batch the database refuses 422 by itself, and commits every other batch of its group", async () => {
    const neighbours = neighbourBatches(60);
    const poisoned = Array.from({ length: 6 }, () => {
      const events = [pageview("/ok"), { ...pageview("/bad"), id: `poison${newId()}` }];
      return batch(ATTACKER, newId(), newId(), events);
    });
    // The attacker's own good batches are neighbours too.
    const attackersGood = Array.from({ length: 10 }, () => batch(ATTACKER, newId(), newId(), [pageview("/x"), pageview("/y"), pageview("/z"), pageview("/w"), pageview("/v")]));
    const all = [...neighbours.map((b) => ["good", b] as const), ...attackersGood.map((b) => ["good", b] as const), ...poisoned.map((b) => ["poison", b] as const)].sort(
      () => Math.random() - 0.5,
    );
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all(all.map(async ([what, body]) => ({ what, res: await postBatch(ctx.server.url, body) })));
      for (const { what, res } of answers) {
        if (what === "good") expect(res.status).toBe(200);
        else {
          expect(res.status).toBe(422);
          expect(((await res.json()) as { type: string }).type).toMatch(/\/unstorable-batch$/);
        }
      }
    }
    // The second round resent everything: every good batch was stored once (all duplicates now), and the
    // refused ones stored nothing (their good pageview is not kept either: a batch is all or nothing).
    await expectAllStored(ctx.server.url, [...neighbours, ...attackersGood]);
    const poisonAgain = await postBatch(ctx.server.url, { ...poisoned[0]!, events: [poisoned[0]!.events[0]] });
    expect(await poisonAgain.json()).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(ctx.server.output()).not.toMatch(/\b503\b/);
  });
});
