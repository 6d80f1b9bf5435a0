// The embedded PGlite database served over PostgreSQL's wire protocol on a loopback port, for psql and any
// other PostgreSQL client on this machine while the app holds the folder (PGlite admits one process per
// folder). Off unless SVC_PGLITE_PORT asks for it; runs on the PGlite thread (pglite-worker.mjs).
//
// Whoever connects is PostgreSQL's superuser over every shop's data (Admin API tokens included), so a client
// must give the password made at random for this start (MD5 password authentication: loopback only, and the
// password never crosses the socket), and nothing it sends is held beyond the bounds below.
//
// PGlite is one backend session: every client's statements and the app's run in it, one at a time. A
// client's turn lasts from its first message until the session is idle again (ReadyForQuery "I"), holding
// the lock PGlite's own query, exec and transaction take, so the app never runs a statement inside a
// client's transaction nor a client inside the app's. A client that keeps its turn without sending anything
// for IDLE_IN_TURN_MS (an open transaction left idle, half a message) is rolled back and disconnected, so
// the app's queries wait at most that long for it; one that disconnects inside a turn is rolled back too.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import net from "node:net";

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const TERMINATE = 0x58; // "X"
const PASSWORD_MESSAGE = 0x70; // "p"

/** What a client may send before it has authenticated: PostgreSQL's own bound on a startup packet. */
export const STARTUP_MAX_BYTES = 10_000;
/** The password message (a fixed 40 bytes for MD5; anything much larger is not a password). */
export const PASSWORD_MAX_BYTES = 1_024;
/** One protocol message once authenticated (a statement with its parameters, a COPY chunk). */
export const MESSAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Received but not yet run: beyond it the socket is no longer read until the session catches up. */
export const PENDING_MAX_BYTES = 16 * 1024 * 1024;
/** From connecting to being authenticated (PostgreSQL's authentication_timeout is 60 s; a person types a URL). */
export const AUTH_TIMEOUT_MS = 10_000;
/** How long a client may hold the session (inside a transaction, or mid-message) without sending anything. */
export const IDLE_IN_TURN_MS = 2_000;
/** Connections at once (each holds at most the bounds above). */
export const MAX_CONNECTIONS = 32;

const query = (/** @type {string} */ text) => message("Q", Buffer.from(`${text}\0`));
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

/** @param {string} type @param {Buffer} body */
function message(type, body) {
  const out = Buffer.alloc(5 + body.length);
  out.write(type, 0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

/** A FATAL ErrorResponse, as PostgreSQL sends before it closes a connection. */
function fatal(/** @type {string} */ code, /** @type {string} */ text) {
  return message("E", Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${text}\0\0`));
}

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

/** The user a startup packet names ("" when none). */
function startupUser(/** @type {Buffer} */ packet) {
  const fields = packet.subarray(8).toString("utf8").split("\0");
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === "user") return fields[i + 1] ?? "";
  return "";
}

const md5 = (/** @type {string | Buffer} */ data) => createHash("md5").update(data).digest("hex");

/** Whether a PasswordMessage answers MD5's challenge: "md5" + md5(md5(password + user) + salt). */
function md5Matches(/** @type {Buffer} */ answer, /** @type {string} */ password, /** @type {string} */ user, /** @type {Buffer} */ salt) {
  const expected = Buffer.from(`md5${md5(Buffer.concat([Buffer.from(md5(password + user)), salt]))}\0`);
  return answer.length === expected.length && timingSafeEqual(answer, expected);
}

/**
 * Bytes received and not yet cut into messages, kept as the chunks that came so that a message arriving in
 * many chunks is copied once (concatenating on each chunk copied a 60 MB upload quadratically).
 */
class Inbox {
  /** @type {Buffer[]} */
  chunks = [];
  length = 0;
  push(/** @type {Buffer} */ chunk) {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }
  /** The first `n` bytes, without taking them (n ≤ length). */
  peek(/** @type {number} */ n) {
    if (this.chunks[0] && this.chunks[0].length < n) this.chunks = [Buffer.concat(this.chunks)];
    return /** @type {Buffer} */ (this.chunks[0]).subarray(0, n);
  }
  /** Takes the first `n` bytes (n ≤ length). */
  take(/** @type {number} */ n) {
    const head = this.peek(n);
    const first = /** @type {Buffer} */ (this.chunks[0]);
    if (first.length === n) this.chunks.shift();
    else this.chunks[0] = first.subarray(n);
    this.length -= n;
    return head;
  }
}

/**
 * Serves `db` on 127.0.0.1:`port` (0: any free port) to clients that give `password` (default: 32 random hex
 * digits). Resolves once listening, with the port, the password and a close that stops listening and drops
 * every connection (rolling back what they left open).
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {number} port
 * @param {{ password?: string, idleInTurnMs?: number }} [options]
 */
export async function serveOverWire(db, port, options = {}) {
  const password = options.password ?? randomBytes(16).toString("hex");
  const idleInTurnMs = options.idleInTurnMs ?? IDLE_IN_TURN_MS;
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  /** @type {Set<Promise<void>>} */
  const sessions = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const session = serveConnection(db, socket, password, idleInTurnMs).finally(() => {
      sockets.delete(socket);
      sessions.delete(session);
    });
    sessions.add(session);
  });
  server.maxConnections = MAX_CONNECTIONS;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(undefined));
  });
  const address = /** @type {net.AddressInfo} */ (server.address());
  return {
    port: address.port,
    password,
    async close() {
      const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
      for (const socket of sockets) socket.destroy();
      await Promise.all([...sessions]);
      await closed;
    },
  };
}

/**
 * One client connection: authentication, then its messages in order, each client turn holding PGlite until
 * the session is idle.
 * @param {import("@electric-sql/pglite").PGlite} db
 * @param {net.Socket} socket
 * @param {string} password
 * @param {number} idleInTurnMs
 */
async function serveConnection(db, socket, password, idleInTurnMs) {
  const inbox = new Inbox();
  /** "startup": before the startup packet; "password": challenged; "ready": authenticated. */
  let phase = "startup";
  /** Encryption requests answered so far (a client sends one of each at most before its startup packet). */
  let negotiations = 0;
  /** @type {Buffer | null} */
  let startup = null;
  const salt = randomBytes(4);
  let closed = false;
  /** @type {Buffer[]} */
  const messages = [];
  let queued = 0;
  /** @type {(() => void) | null} */
  let wake = null;

  const refuse = (/** @type {string} */ code, /** @type {string} */ text) => {
    if (!socket.destroyed) socket.end(fatal(code, text));
    // end() flushes the error first; destroy soon after whatever the client does, and read nothing more.
    setTimeout(() => socket.destroy(), 100).unref();
    socket.pause();
    closed = true;
    wake?.();
  };
  const authDeadline = setTimeout(() => refuse("08P01", "authentication took too long"), AUTH_TIMEOUT_MS);
  authDeadline.unref();

  /** Cuts what has arrived into messages; false once the connection is refused. */
  const cut = () => {
    for (;;) {
      if (phase === "startup") {
        // Untyped packets first: SSL and GSS encryption requests (refused with "N"), a cancel request (not
        // supported: the connection is closed), then the startup message.
        if (inbox.length < 8) return true;
        const head = inbox.peek(8);
        const length = head.readInt32BE(0);
        if (length < 8 || length > STARTUP_MAX_BYTES) return refuse("08P01", "invalid length of startup packet"), false;
        if (inbox.length < length) return true;
        const code = head.readInt32BE(4);
        const packet = Buffer.from(inbox.take(length));
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          if (++negotiations > 2) return refuse("08P01", "too many encryption requests"), false;
          socket.write("N");
        }
        else if (code === CANCEL_REQUEST) return socket.destroy(), false;
        else if (code !== PROTOCOL_3) return refuse("0A000", "unsupported frontend protocol"), false;
        else {
          startup = packet;
          phase = "password";
          const challenge = Buffer.alloc(8);
          challenge.writeInt32BE(5, 0); // AuthenticationMD5Password
          salt.copy(challenge, 4);
          socket.write(message("R", challenge));
        }
        continue;
      }
      if (inbox.length < 5) return true;
      const head = inbox.peek(5);
      const length = 1 + head.readInt32BE(1);
      if (phase === "password") {
        if (head[0] !== PASSWORD_MESSAGE || length < 5 || length > PASSWORD_MAX_BYTES) return refuse("08P01", "expected a password message"), false;
        if (inbox.length < length) return true;
        const answer = inbox.take(length).subarray(5);
        const user = startupUser(/** @type {Buffer} */ (startup));
        if (!md5Matches(answer, password, user, salt)) return refuse("28P01", `password authentication failed for user "${user}"`), false;
        clearTimeout(authDeadline);
        phase = "ready";
        // PGlite answers the startup packet itself (AuthenticationOk, parameters, ReadyForQuery).
        messages.push(/** @type {Buffer} */ (startup));
        continue;
      }
      if (length < 5) return refuse("08P01", "invalid message length"), false;
      if (length > MESSAGE_MAX_BYTES) return refuse("54000", `message of ${length} bytes exceeds the limit of ${MESSAGE_MAX_BYTES}`), false;
      if (inbox.length < length) return true;
      // Copied: the chunk it came in may be a slice of a much larger one that would otherwise be kept alive.
      messages.push(Buffer.from(inbox.take(length)));
      queued += length;
    }
  };

  socket.setNoDelay(true);
  socket.on("data", (chunk) => {
    if (closed) return;
    inbox.push(chunk);
    if (!cut()) return;
    // Only while there is something to run: a message still arriving is bounded by MESSAGE_MAX_BYTES.
    if (queued + inbox.length > PENDING_MAX_BYTES && messages.length > 0) socket.pause();
    wake?.();
  });
  socket.on("close", () => {
    closed = true;
    clearTimeout(authDeadline);
    wake?.();
  });
  socket.on("error", () => socket.destroy());

  /**
   * The client's next message, or null once it has gone (or said Terminate, or, given `idleMs`, sent
   * nothing complete for that long: then it is told why and disconnected).
   * @param {number} [idleMs]
   */
  const next = async (idleMs) => {
    let timedOut = false;
    const timer = idleMs === undefined ? null : setTimeout(() => {
      timedOut = true;
      wake?.();
    }, idleMs);
    try {
      while (messages.length === 0 && !closed && !timedOut) await new Promise((resolve) => (wake = () => resolve(undefined)));
    } finally {
      if (timer) clearTimeout(timer);
      wake = null;
    }
    if (timedOut && messages.length === 0 && !closed) {
      refuse("25P03", `terminating connection: it held the session for ${idleMs} ms without sending a statement (rolled back)`);
      return null;
    }
    const next = messages.shift();
    if (next) queued -= next.length;
    if (socket.isPaused() && !closed && queued + inbox.length <= PENDING_MAX_BYTES) socket.resume();
    if (!next || next[0] === TERMINATE) {
      closed = true;
      socket.end();
      return null;
    }
    return next;
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
              message = await next(idleInTurnMs);
            }
          } finally {
            // Gone mid-turn (or failed, or idle too long): end what it left open, whatever the state
            // (mid-pipeline, in a block, failed), before the app's next statement.
            if (!idle) for (const ending of [query("ROLLBACK"), SYNC, query("ROLLBACK")]) await db.execProtocolRaw(ending).catch(() => {});
          }
        }),
      );
    }
  } catch {
    socket.destroy();
  } finally {
    clearTimeout(authDeadline);
  }
}
