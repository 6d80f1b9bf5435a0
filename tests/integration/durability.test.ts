// Proof of durability: several clients send batches, the server is SIGKILLed mid-stream and restarted on
// the same database; every acknowledged event is stored exactly once, resent batches add nothing, and
// the rollups equal a recount from the raw events.
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/connection.server";
import { DEMO_SITE_ID, DEMO_TEST_ID } from "~/demo/constants";
import type { EventBatch, PatchesResponse } from "~/wire";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases";
import { rollupDrift, tableCounts } from "../support/recount";
import { startServer, type RunningServer } from "../support/server";
import { batch, conversion, exposure, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

const CLIENTS = 6;
/** The server is killed once this many batches were acknowledged; clients keep sending through the kill. */
const ACKED_BEFORE_KILL = 60;
const ENV = { SVC_DEMO: "1", SVC_RATE_LIMITS: "off" };

interface Sent {
  body: EventBatch;
  acked: boolean;
}

interface Visitor {
  vid: string;
  arm: string;
  sessions: string[];
}

async function newVisitor(url: string): Promise<Visitor> {
  const vid = newId();
  const body = (await (await getPatches(url, DEMO_SITE_ID, vid)).json()) as PatchesResponse;
  const arm = body.tests.find((t) => t.test === DEMO_TEST_ID)?.arm;
  if (!arm) throw new Error(`no arm for ${vid}: ${JSON.stringify(body)}`);
  // Two sessions per visitor, so a visitor's sessions can land in one group.
  return { vid, arm, sessions: [newId(), newId()] };
}

/** One batch as a storefront would send it: a pageview, the exposure, and sometimes conversions with values. */
function nextBatch(visitor: Visitor, n: number): EventBatch {
  const sid = visitor.sessions[n % 2]!;
  const events = [pageview(), exposure(DEMO_TEST_ID, visitor.arm)];
  if (n % 2 === 0) events.push(conversion("purchase", 10 + (n % 7) * 2.5));
  if (n % 3 === 0) events.push(conversion("signup"));
  return batch(DEMO_SITE_ID, visitor.vid, sid, events);
}

/** Sends until told to stop or the server goes away; every batch is recorded with whether it was acknowledged. */
async function client(url: string, visitors: Visitor[], sent: Sent[], stop: { now: boolean }) {
  for (let n = 0; !stop.now; n++) {
    const body = nextBatch(visitors[n % visitors.length]!, n);
    const record: Sent = { body, acked: false };
    sent.push(record);
    try {
      const res = await postBatch(url, body);
      record.acked = res.status === 200;
      await res.body?.cancel();
    } catch {
      return; // connection refused or reset: the server is gone
    }
  }
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe.each(databaseKinds)("durability on %s", (kind) => {
  let db: TestDatabase | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("keeps every acknowledged event exactly once across a SIGKILL, and rollups equal a recount", async () => {
    db = await createTestDatabase(kind, { migrated: true });
    server = await startServer({ env: { ...db.env, ...ENV } });
    const url = server.url;
    const visitors = await Promise.all(Array.from({ length: CLIENTS * 3 }, () => newVisitor(url)));
    const sent: Sent[] = [];
    const stop = { now: false };
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(url, visitors.slice(c * 3, c * 3 + 3), sent, stop));
    await until(() => sent.filter((s) => s.acked).length >= ACKED_BEFORE_KILL);
    await server.kill();
    stop.now = true;
    await Promise.all(clients);
    const ackedBeforeKill = sent.filter((s) => s.acked);
    const unacked = sent.filter((s) => !s.acked);
    // The kill must have cut requests in flight, or the test proves nothing about them.
    expect(unacked.length).toBeGreaterThan(0);

    server = await startServer({ env: { ...db.env, ...ENV } });
    const resend = [...unacked, ...ackedBeforeKill.filter((_, i) => i % 4 === 0)];
    const answers = await Promise.all(
      resend.map(async (s) => ({ s, res: await postBatch(server!.url, s.body) })),
    );
    for (const { res } of answers) expect(res.status).toBe(200);
    const bodies = await Promise.all(answers.map(async ({ s, res }) => ({ s, summary: (await res.json()) as { accepted: number; duplicates: number } })));
    for (const { s, summary } of bodies) {
      if (s.acked) expect(summary).toMatchObject({ accepted: 0, duplicates: s.body.events.length });
      else expect(summary.accepted + summary.duplicates).toBe(s.body.events.length);
    }
    await server.stop();
    server = undefined;

    // Read only now: an embedded PGlite folder admits one process at a time.
    const database = await openDatabase(db.config);
    try {
      const stored = await database.sql.query<{ eventId: string; n: number }>(`SELECT "eventId", count(*)::int AS n FROM "Event" GROUP BY 1`);
      const storedIds = new Map(stored.map((r) => [r.eventId, Number(r.n)]));
      const allEvents = sent.flatMap((s) => s.body.events);
      // Every event ever sent was acknowledged by now (before the kill, or on its resend), so each is stored once.
      for (const event of allEvents) expect(storedIds.get(event.id), event.id).toBe(1);
      expect(storedIds.size).toBe(allEvents.length);
      const conversions = allEvents.filter((e) => e.type === "conversion").length;
      const sessions = new Set(sent.map((s) => s.body.sid)).size;
      const counts = await tableCounts(database.sql);
      expect(counts).toMatchObject({ Event: allEvents.length, Conversion: conversions, Exposure: sessions });
      expect(counts.ConversionAttribution).toBe(conversions);
      expect(counts.DailyRollup).toBeGreaterThan(0);
      expect(counts.SegmentRollup).toBeGreaterThan(0);
      expect(await rollupDrift(database.sql)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
