import net from "node:net";
import os from "node:os";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./connection.server";
import { IDLE_IN_TURN_MS, MESSAGE_MAX_BYTES, STARTUP_MAX_BYTES } from "./pglite-wire.mjs";

// A hang guard, not a bound: a fresh in-memory PGlite runs initdb (~4 CPU-s), and in a full run this file's thread
// runs at the lowest priority beside the lanes (docs/testing.md, "Time"), where an open once took past 60 s.
const OPEN_GUARD_MS = 180_000;

const settled = async (promise: Promise<unknown>, ms = 150): Promise<boolean> => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return done;
};

describe("the embedded database served over PostgreSQL's protocol (SVC_PGLITE_PORT)", () => {
  let database: Database;
  const clients: pg.Client[] = [];
  const client = async () => {
    const c = new pg.Client({ connectionString: database.wireUrl! });
    c.on("error", () => {});
    await c.connect();
    clients.push(c);
    return c;
  };
  const ids = async () => (await database.sql.query<{ id: number }>("SELECT id FROM w ORDER BY id")).map((r) => r.id);

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir: "memory://wire-test", pglitePort: 0 });
    await database.sql.exec("CREATE TABLE w (id int PRIMARY KEY, note text)");
  }, OPEN_GUARD_MS);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await database.close();
  });

  it("is off unless asked for", async () => {
    const plain = await openDatabase({ databaseUrl: null, dataDir: "memory://wire-off" });
    try {
      expect(plain.wireUrl).toBeNull();
    } finally {
      await plain.close();
    }
  }, OPEN_GUARD_MS);

  it("listens on 127.0.0.1 only", async () => {
    const port = Number(new URL(database.wireUrl!).port);
    expect(database.wireUrl).toMatch(new RegExp(`^postgres://postgres:[0-9a-f]{32}@127\\.0\\.0\\.1:${port}/postgres$`));
    const other = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    // A machine with no other address has nothing more to check.
    if (!other) return;
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect({ host: other, port }, () => {
        socket.destroy();
        resolve("connected");
      });
      socket.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });

  it("reads and writes the same database as the app, with PostgreSQL's errors", async () => {
    const c = await client();
    await database.sql.query("INSERT INTO w VALUES (1, 'app')");
    expect((await c.query("SELECT id, note FROM w")).rows).toEqual([{ id: 1, note: "app" }]);
    await c.query("INSERT INTO w VALUES ($1, $2)", [2, "client"]);
    expect(await ids()).toEqual([1, 2]);
    await expect(c.query("INSERT INTO w VALUES (1, 'again')")).rejects.toMatchObject({ code: "23505" });
    expect((await c.query("SELECT count(*)::int AS n FROM w")).rows).toEqual([{ n: 2 }]);
  });

  it("holds the app's statements while a client's transaction is open, so they never run inside it", async () => {
    const c = await client();
    await c.query("BEGIN");
    await c.query("INSERT INTO w VALUES (10, 'client, rolled back')");
    const appWrite = database.sql.query("INSERT INTO w VALUES (11, 'app')");
    expect(await settled(appWrite)).toBe(false);
    await c.query("ROLLBACK");
    await appWrite;
    expect(await ids()).toEqual([1, 2, 11]);
  });

  it("holds a client's statements while the app's transaction is open, so they never run inside it", async () => {
    const c = await client();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const appTx = database.sql
      .transaction(async (tx) => {
        await tx.query("INSERT INTO w VALUES (20, 'app, rolled back')");
        await held;
        throw new Error("app changed its mind");
      })
      .catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const clientWrite = c.query("INSERT INTO w VALUES (21, 'client')");
    expect(await settled(clientWrite)).toBe(false);
    release();
    expect(await appTx).toBe("app changed its mind");
    await clientWrite;
    expect(await ids()).toEqual([1, 2, 11, 21]);
  });

  it("rolls back what a client leaves open when it goes, and lets the app go on", async () => {
    const c = await client();
    await c.query("BEGIN");
    await c.query("INSERT INTO w VALUES (30, 'abandoned')");
    const appRead = ids();
    expect(await settled(appRead)).toBe(false);
    (c as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    // Had the app's read run inside the abandoned transaction, it would see row 30 and find a transaction id.
    expect(await appRead).toEqual([1, 2, 11, 21]);
    expect(await database.sql.query("SELECT txid_current_if_assigned() AS xid")).toEqual([{ xid: null }]);
  });

  it("serves several clients at once, one turn at a time", async () => {
    const [a, b] = await Promise.all([client(), client()]);
    await Promise.all([
      a.query("BEGIN").then(() => a.query("INSERT INTO w VALUES (40, 'a')")).then(() => a.query("COMMIT")),
      b.query("BEGIN").then(() => b.query("INSERT INTO w VALUES (41, 'b')")).then(() => b.query("ROLLBACK")),
      database.sql.query("INSERT INTO w VALUES (42, 'app')"),
    ]);
    expect(await ids()).toEqual([1, 2, 11, 21, 40, 42]);
  });

  it("takes only this start's password, and a client without it reads nothing", async () => {
    const url = new URL(database.wireUrl!);
    for (const password of ["", "postgres", "wrong-password", url.password.slice(0, -1)]) {
      const c = new pg.Client({ host: url.hostname, port: Number(url.port), user: "postgres", database: "postgres", password });
      c.on("error", () => {});
      await expect(c.connect()).rejects.toMatchObject({ code: "28P01" });
      await c.end().catch(() => {});
    }
    // Another user name with the password is the same single session: the password is what counts.
    const other = new pg.Client({ host: url.hostname, port: Number(url.port), user: "reader", database: "postgres", password: url.password });
    await other.connect();
    expect((await other.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    await other.end();
    const second = await openDatabase({ databaseUrl: null, dataDir: "memory://wire-second", pglitePort: 0 });
    try {
      expect(new URL(second.wireUrl!).password).not.toBe(url.password);
    } finally {
      await second.close();
    }
  }, OPEN_GUARD_MS);

  it(`cuts off a client that sends more than ${STARTUP_MAX_BYTES} bytes before it has authenticated, and the app goes on`, async () => {
    const port = Number(new URL(database.wireUrl!).port);
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.on("error", () => {});
    await new Promise((resolve) => socket.once("connect", resolve));
    // A startup packet that says it is 60 MB long, then the 60 MB, written as fast as the socket takes them.
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    chunk.writeInt32BE(60 * 1024 * 1024, 0);
    chunk.writeInt32BE(196608, 4);
    let sent = 0;
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    const writing = (async () => {
      while (!socket.destroyed && sent < 60 * 1024 * 1024) {
        const more = socket.write(chunk);
        sent += chunk.length;
        if (!more) await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
        chunk.fill(0x61, 0, 8);
      }
    })();
    await closed;
    await writing;
    // The kernel's buffers take a few MB before the server has read anything; never the whole upload.
    expect(sent).toBeLessThan(60 * 1024 * 1024);
    expect(await ids()).toEqual(expect.any(Array));
  }, 30_000);

  it(`cuts off an authenticated client whose message is over ${MESSAGE_MAX_BYTES} bytes, before it reaches the database`, async () => {
    const c = await client();
    const gone = new Promise<Error>((resolve) => c.on("error", resolve));
    const stream = (c as unknown as { connection: { stream: net.Socket } }).connection.stream;
    const closed = new Promise<void>((resolve) => stream.once("close", () => resolve()));
    // A query message that says it is 60 MB long, then its bytes as fast as the socket takes them.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    chunk.write("Q", 0);
    chunk.writeInt32BE(60 * 1024 * 1024, 1);
    let sent = 0;
    while (!stream.destroyed && sent < 60 * 1024 * 1024) {
      const more = stream.write(chunk);
      sent += chunk.length;
      chunk.fill(0x20, 0, 5);
      if (!more) await Promise.race([new Promise((resolve) => stream.once("drain", resolve)), closed]);
    }
    await closed;
    expect(sent).toBeLessThan(60 * 1024 * 1024);
    expect(await gone).toMatchObject({ code: "54000" });
    expect(await ids()).toEqual(expect.any(Array));
  }, 30_000);

  it(`rolls back and disconnects a client that holds a transaction open for more than ${IDLE_IN_TURN_MS} ms, so the app waits no longer`, async () => {
    const c = await client();
    const gone = new Promise<Error>((resolve) => c.on("error", resolve));
    await c.query("BEGIN");
    await c.query("INSERT INTO w VALUES (50, 'held')");
    const started = performance.now();
    expect(await ids()).not.toContain(50);
    const waited = performance.now() - started;
    expect(waited).toBeLessThan(IDLE_IN_TURN_MS + 1_500);
    expect((await gone).message).toMatch(/without sending a statement|terminated/);
    await expect(c.query("SELECT 1")).rejects.toThrow();
    expect(await database.sql.query("SELECT txid_current_if_assigned() AS xid")).toEqual([{ xid: null }]);
  }, 30_000);
});
