import net from "node:net";
import os from "node:os";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./connection.server";

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
  }, 60_000);
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
  }, 60_000);

  it("listens on 127.0.0.1 only", async () => {
    const port = Number(new URL(database.wireUrl!).port);
    expect(database.wireUrl).toBe(`postgres://postgres@127.0.0.1:${port}/postgres`);
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
});
