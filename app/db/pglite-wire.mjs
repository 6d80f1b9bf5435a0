// The embedded PGlite database served over PostgreSQL's wire protocol on a loopback port, for psql and any
// other PostgreSQL client on this machine while the app holds the folder (PGlite admits one process per
// folder). Off unless SVC_PGLITE_PORT asks for it; runs on the PGlite thread (pglite-worker.mjs).
//
// PGlite is one backend session: every client's statements and the app's run in it, one at a time. A
// client's turn lasts from its first message until the session is idle again (ReadyForQuery "I"), holding
// the lock PGlite's own query, exec and transaction take, so the app never runs a statement inside a
// client's transaction nor a client inside the app's. A transaction left open in psql therefore holds the
// app's queries until it ends; a client that disconnects inside one has it rolled back.
import net from "node:net";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // "X"

const query = (/** @type {string} */ text) => {
  const body = Buffer.from(`${text}\0`);
  const message = Buffer.alloc(5 + body.length);
  message.write("Q", 0);
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
};
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

/**
 * The transaction status of the ReadyForQuery a reply ends with ("I" idle, "T" in a transaction, "E" in a
 * failed one), or null when the reply ends otherwise (an extended-protocol message before its Sync).
 * @param {Uint8Array} reply
 */
function readyStatus(reply) {
  const at = reply.length - 6;
  if (at < 0 || reply[at] !== 0x5a || Buffer.from(reply.buffer, reply.byteOffset + at + 1, 4).readInt32BE(0) !== 5) return null;
  return String.fromCharCode(reply[at + 5] ?? 0);
}

/**
 * Serves `db` on 127.0.0.1:`port` (0: any free port). Resolves once listening, with the port and a close
 * that stops listening and drops every connection (rolling back what they left open).
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {number} port
 */
export async function serveOverWire(db, port) {
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  /** @type {Set<Promise<void>>} */
  const sessions = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const session = serveConnection(db, socket).finally(() => {
      sockets.delete(socket);
      sessions.delete(session);
    });
    sessions.add(session);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  const address = /** @type {net.AddressInfo} */ (server.address());
  return {
    port: address.port,
    async close() {
      const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
      for (const socket of sockets) socket.destroy();
      await Promise.all([...sessions]);
      await closed;
    },
  };
}

/**
 * One client connection: its messages in order, each client turn holding PGlite until the session is idle.
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {net.Socket} socket
 */
async function serveConnection(db, socket) {
  let buffer = Buffer.alloc(0);
  let started = false;
  let closed = false;
  /** @type {Buffer[]} */
  const messages = [];
  /** @type {(() => void) | null} */
  let wake = null;

  socket.setNoDelay(true);
  socket.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        // Untyped packets first: SSL and GSS encryption requests (refused with "N"), a cancel request (not
        // supported: the connection is closed), then the startup message.
        if (buffer.length < 8) break;
        const length = buffer.readInt32BE(0);
        if (length < 8) return void socket.destroy();
        if (buffer.length < length) break;
        const code = buffer.readInt32BE(4);
        const packet = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) socket.write("N");
        else if (code === CANCEL_REQUEST) return void socket.destroy();
        else {
          started = true;
          messages.push(packet);
        }
        continue;
      }
      if (buffer.length < 5) break;
      const length = 1 + buffer.readInt32BE(1);
      if (length < 5) return void socket.destroy();
      if (buffer.length < length) break;
      messages.push(buffer.subarray(0, length));
      buffer = buffer.subarray(length);
    }
    wake?.();
  });
  socket.on("close", () => {
    closed = true;
    wake?.();
  });
  socket.on("error", () => socket.destroy());

  /** The client's next message, or null once it has gone (or said Terminate). */
  const next = async () => {
    while (messages.length === 0 && !closed) await new Promise((resolve) => (wake = () => resolve(undefined)));
    wake = null;
    const message = messages.shift();
    if (!message || message[0] === TERMINATE) {
      closed = true;
      socket.end();
      return null;
    }
    return message;
  };

  try {
    for (;;) {
      const first = await next();
      if (!first) return;
      // PGlite's lock for queries and transactions (which its query, exec and transaction take), then the one
      // for single statements (as its exec does): the app waits for the whole turn.
      await db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          /** @type {Buffer | null} */
          let message = first;
          let idle = false;
          try {
            while (message) {
              const reply = await db.execProtocolRaw(message);
              if (!socket.destroyed) socket.write(reply);
              if (readyStatus(reply) === "I") return void (idle = true);
              message = await next();
            }
          } finally {
            // Gone mid-turn (or failed): end what it left open, whatever the state (mid-pipeline, in a block,
            // failed), before the app's next statement.
            if (!idle) for (const ending of [query("ROLLBACK"), SYNC, query("ROLLBACK")]) await db.execProtocolRaw(ending).catch(() => {});
          }
        }),
      );
    }
  } catch {
    socket.destroy();
  }
}
