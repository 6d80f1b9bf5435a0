import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PGliteThread } from "./pglite-thread.server";
import { openDatabase, type Database } from "./connection.server";

// A hang guard, not a bound: a fresh in-memory PGlite runs initdb (~4 CPU-s), and in a full run this file's thread
// runs at the lowest priority beside the lanes (docs/testing.md, "Time"), where an open once took past 60 s.
const OPEN_GUARD_MS = 180_000;

describe("PGlite on its own thread", () => {
  let db: PGliteThread;
  beforeAll(async () => {
    db = await PGliteThread.open("memory://thread-test");
    await db.exec("CREATE TABLE t (id int PRIMARY KEY, at timestamptz, doc jsonb)");
  }, OPEN_GUARD_MS);
  afterAll(() => db.close());

  it("keeps this thread's event loop turning while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await db.query("SELECT count(*) FROM generate_series(1, 1000000) a JOIN generate_series(1, 1000000) b ON a = b");
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // In this thread, PGlite would take the whole statement's time without letting one timer fire.
    expect(elapsed).toBeGreaterThan(300);
    expect(ticks).toBeGreaterThan(elapsed / 10 / 4);
  }, OPEN_GUARD_MS);

  it("answers rows, and parses the columns whose parsers the caller passed on the caller's side", async () => {
    await db.query("INSERT INTO t VALUES (1, '2026-01-02T03:04:05Z', '{\"a\":1}')");
    const plain = await db.query<{ id: number; at: Date; doc: unknown }>("SELECT id, at, doc FROM t WHERE id = $1", [1]);
    expect(plain.rows).toEqual([{ id: 1, at: new Date("2026-01-02T03:04:05Z"), doc: { a: 1 } }]);
    const custom = await db.query<unknown[]>("SELECT id, at, doc FROM t", [], {
      rowMode: "array",
      parsers: { 1184: (text: string) => `parsed ${text}` },
    });
    expect(custom.rows).toEqual([[1, "parsed 2026-01-02 03:04:05+00", { a: 1 }]]);
    expect(custom.fields.map((f) => f.name)).toEqual(["id", "at", "doc"]);
  });

  it("throws PGlite's DatabaseError, with its SQLSTATE and detail", async () => {
    const error = await db.query("INSERT INTO t (id) VALUES (1)").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: "23505", detail: "Key (id)=(1) already exists." });
  });

  it("commits a transaction, rolls back one that throws, and holds other statements until it ends", async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (2)");
    });
    const failed = db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (3)");
      throw new Error("changed my mind");
    });
    await expect(failed).rejects.toThrow("changed my mind");

    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const inTx = db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (4)");
      order.push("tx wrote");
      await held;
      order.push("tx ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ n: number }>("SELECT count(*)::int AS n FROM t").then((r) => {
      order.push("outside read");
      return r.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await inTx;
    expect(await outside).toBe(3);
    expect(order).toEqual(["tx wrote", "tx ends", "outside read"]);
    const ids = await db.query<{ id: number }>("SELECT id FROM t ORDER BY id");
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 4]);
  });

  it("rolls back when the transaction's own rollback is called", async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (5)");
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    const ids = await db.query<{ id: number }>("SELECT id FROM t WHERE id = 5");
    expect(ids.rows).toEqual([]);
  });

  it("runs a prepared transaction's statements as named ones, planned once with a generic plan, answering as the unnamed path does", async () => {
    const text = "SELECT id, at, doc, $2::text AS note FROM t WHERE id = ANY($1::int[]) ORDER BY id";
    const unnamed = await db.query<unknown[]>(text, [[1, 2], null], { rowMode: "array", parsers: { 1184: (v: string) => `raw ${v}` } });
    const runs = await db.transaction(
      async (tx) => [
        await tx.query<unknown[]>(text, [[1, 2], null], { rowMode: "array", parsers: { 1184: (v: string) => `raw ${v}` } }),
        await tx.query<{ id: number; note: string }>(text, [[2], "again"]),
        await tx.query("INSERT INTO t (id) VALUES (6)"),
      ],
      { prepared: true },
    );
    expect(runs[0]!.rows).toEqual(unnamed.rows);
    expect(runs[0]!.fields).toEqual(unnamed.fields);
    expect(runs[1]!.rows).toEqual([{ id: 2, at: null, doc: null, note: "again" }]);
    expect(runs[2]!.affectedRows).toBe(1);
    const plans = await db.query<{ generic_plans: number; custom_plans: number }>(
      "SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = $1",
      [text],
    );
    // One statement for both runs, planned generically (the transaction's plan_cache_mode), never for the values.
    expect(plans.rows).toEqual([{ generic_plans: 2, custom_plans: 0 }]);
  });

  it("rolls back a prepared transaction whose statement fails, and runs the same statement again afterwards", async () => {
    const insert = "INSERT INTO t (id) VALUES ($1)";
    const failed = db.transaction(async (tx) => {
      await tx.query(insert, [7]);
      await tx.query(insert, [1]);
    }, { prepared: true });
    await expect(failed).rejects.toMatchObject({ code: "23505" });
    await db.transaction((tx) => tx.query(insert, [8]), { prepared: true });
    const ids = await db.query<{ id: number }>("SELECT id FROM t WHERE id IN (7, 8) ORDER BY id");
    expect(ids.rows).toEqual([{ id: 8 }]);
  });

  it("parses a named statement again once the session lost it (DEALLOCATE from a client of the served port)", async () => {
    const read = "SELECT count(*)::int AS n FROM t WHERE id > $1";
    const count = () => db.transaction((tx) => tx.query<{ n: number }>(read, [0]), { prepared: true });
    expect((await count()).rows).toEqual([{ n: 5 }]);
    await db.exec("DEALLOCATE ALL");
    // The transaction that finds it gone fails and keeps nothing; the next one names it anew.
    await expect(count()).rejects.toMatchObject({ code: "26000" });
    expect((await count()).rows).toEqual([{ n: 5 }]);
  });
});

describe("openDatabase on PGlite", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir: "memory://open-test" });
    await database.sql.exec("CREATE TABLE u (id int PRIMARY KEY, at timestamptz NOT NULL)");
  }, OPEN_GUARD_MS);
  afterAll(() => database.close());

  it("gives Prisma's adapter rows in its own formats and its errors mapped", async () => {
    const adapter = await database.adapter.connect();
    expect(database.adapter).toBeInstanceOf(PrismaPGlite);
    await database.sql.query("INSERT INTO u VALUES (1, '2026-01-02T03:04:05.250Z')");
    const result = await adapter.queryRaw({ sql: "SELECT id, at FROM u", args: [], argTypes: [] });
    expect(result.rows).toEqual([[1, "2026-01-02T03:04:05.25+00:00"]]);
    const duplicate = await adapter
      .executeRaw({ sql: "INSERT INTO u VALUES ($1, now())", args: [1], argTypes: [{ scalarType: "int", arity: "scalar" }] })
      .catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ name: "DriverAdapterError", cause: { kind: "UniqueConstraintViolation", originalCode: "23505" } });
  });

  it("runs Prisma's interactive transactions: commit keeps the writes, rollback drops them", async () => {
    const adapter = await database.adapter.connect();
    const insert = (id: number) => ({ sql: "INSERT INTO u VALUES ($1, now())", args: [id], argTypes: [{ scalarType: "int" as const, arity: "scalar" as const }] });
    const kept = await adapter.startTransaction();
    await kept.executeRaw(insert(10));
    await kept.commit();
    const dropped = await adapter.startTransaction();
    await dropped.executeRaw(insert(11));
    await dropped.rollback();
    const ids = await database.sql.query<{ id: number }>("SELECT id FROM u WHERE id >= 10 ORDER BY id");
    expect(ids).toEqual([{ id: 10 }]);
  });

  it("runs the SQL runner's transactions on the thread, rolling back on a throw", async () => {
    await expect(
      database.sql.transaction(async (tx) => {
        await tx.query("INSERT INTO u VALUES (2, now())");
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    const n = await database.sql.transaction((tx) => tx.query<{ n: number }>("SELECT count(*)::int AS n FROM u WHERE id = 2"));
    expect(n).toEqual([{ n: 0 }]);
  });
});
