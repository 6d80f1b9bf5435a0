// The process's connections to the shared Redis (REDIS_URL): one for commands, one for subscriptions,
// opened on first use and closed at shutdown, and the fail-open rule every shared store follows.
import { createHash } from "node:crypto";
import type { Redis, RedisOptions } from "ioredis";
import { appEnv } from "~/env.server";

/**
 * The longest a request waits on Redis (connecting, or one command) before it goes on without it.
 * Loopback or same-zone Redis answers in well under a millisecond, so this only bites in an outage.
 */
export const REDIS_TIMEOUT_MS = 100;
/**
 * After Redis failed a request (timed out, refused, not connected), requests skip it for this long
 * instead of each waiting REDIS_TIMEOUT_MS on a Redis that accepts connections but does not answer.
 */
export const REDIS_BACKOFF_MS = 1_000;
/** An outage is logged once per this, not once per request. */
export const OUTAGE_LOG_EVERY_MS = 30_000;

/** The client library, loaded on first use: a configuration without Redis never parses it. */
let library: Promise<typeof import("ioredis")> | undefined;
const loadLibrary = () => (library ??= import("ioredis"));

let commands: Redis | undefined;
let subscriber: Redis | undefined;
let subscribing = false;
/** Counts subscriptions begun and shutdowns, so a connection that finishes opening after a shutdown stands down. */
let generations = 0;
let lastOutageLog = -Infinity;
let outageLogged = false;

function connectionOptions(role: string): RedisOptions {
  return {
    // Named so an operator (or a test) can tell this app's connections apart in CLIENT LIST.
    connectionName: `${appEnv().redisPrefix}${role}`,
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    // A queued command would hold its request until Redis returns; failing at once is what fail-open needs.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: true,
    // Subscriptions are renewed by their owner, which must also forget what it may have missed meanwhile.
    autoResubscribe: false,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, 2_000),
  };
}

/** Logs that Redis is unavailable, at most once per OUTAGE_LOG_EVERY_MS whatever the traffic. */
export function reportRedisOutage(error: unknown): void {
  const now = Date.now();
  if (now - lastOutageLog < OUTAGE_LOG_EVERY_MS) return;
  lastOutageLog = now;
  outageLogged = true;
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `[svc] Redis unavailable (${reason}): until it answers, rate limits and the misuse monitor are not ` +
      `enforced, and other instances' site changes arrive by the cache's periodic refresh`,
  );
}

async function open(role: string): Promise<Redis> {
  const { redisUrl } = appEnv();
  const { Redis } = await loadLibrary();
  const client = new Redis(redisUrl!, connectionOptions(role));
  client.on("error", reportRedisOutage);
  client.on("ready", () => {
    if (!outageLogged) return;
    outageLogged = false;
    lastOutageLog = -Infinity;
    console.log("[svc] Redis answers again: limits and the misuse monitor are shared and enforced");
  });
  return client;
}

/** Prefix of every key and channel (SVC_REDIS_PREFIX). */
export function redisKey(name: string): string {
  return `${appEnv().redisPrefix}${name}`;
}

/** Whether REDIS_URL is set, i.e. limits, the misuse monitor and cache invalidation are shared. */
export function redisConfigured(): boolean {
  return appEnv().redisUrl !== null;
}

let connecting: Promise<boolean> | undefined;
let skipUntil = 0;

function failed(error: unknown): null {
  skipUntil = Date.now() + REDIS_BACKOFF_MS;
  reportRedisOutage(error);
  return null;
}

/** Whether the client can take a command now, waiting at most REDIS_TIMEOUT_MS while a connection is being made. */
function ready(client: Redis): Promise<boolean> {
  if (client.status === "ready") return Promise.resolve(true);
  if (client.status === "wait") client.connect().catch(() => {});
  // Between reconnection attempts there is nothing to wait for: the request goes on at once.
  if (client.status !== "connecting" && client.status !== "connect") return Promise.resolve(false);
  // One wait shared by every request that arrives meanwhile (not one listener each).
  connecting ??= new Promise<boolean>((resolve) => {
    const done = (answer: boolean) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      connecting = undefined;
      resolve(answer);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), REDIS_TIMEOUT_MS);
    client.once("ready", onReady);
  });
  return connecting;
}

/**
 * Runs `use` on the shared Redis; null when REDIS_URL is unset, Redis is unreachable or too slow, or
 * the command failed (logged, rarely): callers then carry on as if nothing were shared (fail open).
 */
export async function withRedis<T>(use: (client: Redis) => Promise<T>): Promise<T | null> {
  if (!redisConfigured() || Date.now() < skipUntil) return null;
  if (!commands) {
    const generation = generations;
    const opened = await open("commands");
    // Another request opened it while the library loaded (keep one connection), or the process shut down.
    if (commands || generation !== generations) opened.disconnect();
    if (generation !== generations) return null;
    commands ??= opened;
  }
  if (!(await ready(commands))) return failed(new Error(`not connected (${commands.status})`));
  try {
    return await use(commands);
  } catch (error) {
    return failed(error);
  }
}

export interface LuaScript {
  text: string;
  sha1: string;
}

/**
 * The opening of a script that takes the time as ARGV[1]: milliseconds given by the caller (tests), or
 * "" for Redis's own clock, so that instances' clocks never matter. Sets the local `now`.
 */
export const LUA_NOW_MS = `local now
if ARGV[1] == "" then
  local t = redis.call("TIME")
  now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
else
  now = tonumber(ARGV[1])
end
`;

export function luaScript(text: string): LuaScript {
  return { text, sha1: createHash("sha1").update(text).digest("hex") };
}

/** EVALSHA, loading the script with EVAL the first time a Redis has not seen it. */
export async function runScript(client: Redis, script: LuaScript, keys: string[], args: Array<string | number>): Promise<unknown> {
  try {
    return await client.evalsha(script.sha1, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith("NOSCRIPT"))) throw error;
    return client.eval(script.text, keys.length, ...keys, ...args);
  }
}

/**
 * Subscribes to `channel` on a connection of its own, kept for the life of the process. `onSubscribed`
 * runs each time the subscription is (re)established: messages sent while it was down are lost, so the
 * owner must forget whatever they could have changed.
 */
export function subscribeToChannel(channel: string, onMessage: (message: string) => void, onSubscribed: () => void): void {
  if (!redisConfigured() || subscribing) return;
  const generation = ++generations;
  subscribing = true;
  void open("subscriber").then((client) => {
    // Shut down while the library loaded: nothing to subscribe for.
    if (generation !== generations) return client.disconnect();
    subscriber = client;
    client.on("message", (from: string, message: string) => {
      if (from === channel) onMessage(message);
    });
    client.on("ready", () => {
      client.subscribe(channel).then(onSubscribed, reportRedisOutage);
    });
    client.connect().catch(() => {});
  }, reportRedisOutage);
}

/** Closes both connections (shutdown). */
export function closeRedis(): void {
  commands?.disconnect();
  subscriber?.disconnect();
  commands = undefined;
  subscriber = undefined;
  subscribing = false;
  generations++;
  connecting = undefined;
  skipUntil = 0;
}
