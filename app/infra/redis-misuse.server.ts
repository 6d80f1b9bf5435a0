// The exposure-misuse monitor kept in Redis, shared by every app instance: one test's window as three
// keys (per-minute claim counts, and the visitors and networks that brought evidence, each with when it
// first did), summed by one script; the decision is the domain's (misuseWarrantsPause).
import type { Redis } from "ioredis";
import {
  MISUSE_BUCKET_MS,
  misuseWarrantsPause,
  misuseWindowSlots,
  type MisuseObservation,
  type MisusePolicy,
  type MisuseVerdict,
  type MisuseWindow,
} from "~/domain/events/exposure-integrity";
import { LUA_NOW_MS, luaScript, runScript } from "./redis.server";

/**
 * KEYS: the test's counts hash (fields "<minute>:n" claims, "<minute>:i" evidence), its visitors and its
 * networks (sorted sets scored by first evidence, ms). ARGV: the time in ms or "" for Redis's clock, the
 * minutes in the window, the minute's length, the window's length, claims, evidence, visitor, network
 * ("" for none), the most visitors and networks kept. Mirrors MisuseMonitor.record step by step.
 */
const RECORD = luaScript(`
${LUA_NOW_MS}local slots, slotMs, windowMs = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local claims, evidence = tonumber(ARGV[5]), tonumber(ARGV[6])
local slot = math.floor(now / slotMs)
local current = string.format("%d", slot)
if claims > 0 then redis.call("HINCRBY", KEYS[1], current .. ":n", claims) end
if evidence > 0 then redis.call("HINCRBY", KEYS[1], current .. ":i", evidence) end
local fields = redis.call("HGETALL", KEYS[1])
local sumEvidence, sumClaims, expired = 0, 0, {}
for i = 1, #fields, 2 do
  local field, count = fields[i], tonumber(fields[i + 1])
  local at = tonumber(string.match(field, "^(%d+):"))
  if at <= slot - slots then
    expired[#expired + 1] = field
  elseif string.sub(field, -2) == ":i" then
    sumEvidence = sumEvidence + count
  else
    sumClaims = sumClaims + count
  end
end
if #expired > 0 then redis.call("HDEL", KEYS[1], unpack(expired)) end
local horizon = string.format("%d", now - windowMs)
redis.call("ZREMRANGEBYSCORE", KEYS[2], "-inf", horizon)
redis.call("ZREMRANGEBYSCORE", KEYS[3], "-inf", horizon)
if evidence > 0 then
  if redis.call("ZCARD", KEYS[2]) < tonumber(ARGV[9]) then redis.call("ZADD", KEYS[2], "NX", now, ARGV[7]) end
  if ARGV[8] ~= "" and redis.call("ZCARD", KEYS[3]) < tonumber(ARGV[10]) then redis.call("ZADD", KEYS[3], "NX", now, ARGV[8]) end
end
local visitors, networks = redis.call("ZCARD", KEYS[2]), redis.call("ZCARD", KEYS[3])
local span = 0
if sumEvidence > 0 then
  local first = redis.call("ZRANGE", KEYS[2], 0, 0, "WITHSCORES")
  if #first == 2 then span = math.max(0, now - tonumber(first[2])) end
end
for i = 1, 3 do redis.call("PEXPIRE", KEYS[i], string.format("%d", math.max(windowMs, slots * slotMs))) end
return {sumEvidence, sumClaims, visitors, networks, string.format("%d", span)}
`);

/** The three keys of one test's window under `prefix` (already carrying the app's Redis prefix). */
export function misuseKeys(prefix: string): [string, string, string] {
  return [`${prefix}:n`, `${prefix}:v`, `${prefix}:net`];
}

/** Adds one batch's claims to the test's window and judges it as the domain's policy says. */
export async function recordSharedClaims(
  client: Redis,
  prefix: string,
  policy: MisusePolicy,
  seen: MisuseObservation,
  at?: number,
): Promise<MisuseVerdict> {
  const args = [
    at === undefined ? "" : String(at),
    misuseWindowSlots(policy),
    MISUSE_BUCKET_MS,
    policy.windowMs,
    seen.claims,
    seen.evidence,
    seen.visitor,
    seen.network ?? "",
    policy.minVisitors,
    policy.minNetworks,
  ];
  const [evidence, claims, visitors, networks, span] = (await runScript(client, RECORD, misuseKeys(prefix), args)) as [number, number, number, number, string];
  const window: MisuseWindow = { evidence, claims, visitors, networks, spanMs: Number(span) };
  return { ...window, pause: misuseWarrantsPause(policy, window) };
}

/** Forgets the test's window on every instance. */
export async function clearSharedClaims(client: Redis, prefix: string): Promise<void> {
  await client.del(...misuseKeys(prefix));
}
