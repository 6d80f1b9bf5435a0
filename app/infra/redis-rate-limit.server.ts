// Token buckets kept in Redis, shared by every app instance: the algorithm of app/domain/events/rate-limit.ts
// (same rules, same arithmetic, checked by rate-limit.cases.json) as one atomic script.
import type { Redis } from "ioredis";
import type { RateLimitDecision, RateLimitRule } from "~/domain/events/rate-limit";
import { LUA_NOW_MS, luaScript, runScript } from "./redis.server";

/**
 * KEYS: one hash per bucket ({t: tokens, at: ms}). ARGV[1]: the time in ms, or "" for Redis's own clock
 * (so instances' clocks never matter); then each bucket's capacity and refill per second. Every bucket
 * must have a token for any to be spent, so a refused request spends nothing; the first bucket that
 * refuses gives the wait. A bucket's key expires a second after it would be full again: absent is the same
 * as full, and a key kept a little longer refills to full by the same arithmetic, so the slack changes no
 * decision; it keeps the shared cases (which give the script its own times) from racing the real clock.
 */
const TAKE = luaScript(`
${LUA_NOW_MS}local after = {}
for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[2 * i])
  local rate = tonumber(ARGV[2 * i + 1])
  local stored = redis.call("HMGET", key, "t", "at")
  local tokens, at = capacity, now
  if stored[1] then
    local storedAt = tonumber(stored[2])
    -- A clock that steps backwards must not mint tokens; it only delays the next refill.
    tokens = math.min(capacity, tonumber(stored[1]) + (math.max(0, now - storedAt) / 1000) * rate)
    at = math.max(now, storedAt)
  end
  if tokens < 1 then
    return {0, math.max(1, math.ceil((1 - tokens) / rate))}
  end
  after[i] = {tokens - 1, at, capacity, rate}
end
for i, key in ipairs(KEYS) do
  local b = after[i]
  redis.call("HSET", key, "t", string.format("%.17g", b[1]), "at", string.format("%.17g", b[2]))
  redis.call("PEXPIRE", key, string.format("%d", math.ceil((b[3] - b[1]) / b[4] * 1000) + 1000))
end
return {1, 0}
`);

export interface SharedBucket {
  /** The full Redis key. */
  key: string;
  rule: RateLimitRule;
}

/** Takes one token from every bucket, or from none; `at` (ms) replaces Redis's clock, for tests. */
export async function takeSharedTokens(client: Redis, buckets: SharedBucket[], at?: number): Promise<RateLimitDecision> {
  const args = [at === undefined ? "" : String(at), ...buckets.flatMap((b) => [b.rule.capacity, b.rule.refillPerSecond])];
  const [allowed, retryAfterSeconds] = (await runScript(client, TAKE, buckets.map((b) => b.key), args)) as [number, number];
  return { allowed: allowed === 1, retryAfterSeconds };
}

/**
 * The decision TAKE would give for the same buckets, spending nothing and writing nothing (RateLimiter's
 * peek): a door that charges only for failures asks it before doing the work.
 */
const PEEK = luaScript(`
${LUA_NOW_MS}for i, key in ipairs(KEYS) do
  local capacity = tonumber(ARGV[2 * i])
  local rate = tonumber(ARGV[2 * i + 1])
  local stored = redis.call("HMGET", key, "t", "at")
  local tokens = capacity
  if stored[1] then
    tokens = math.min(capacity, tonumber(stored[1]) + (math.max(0, now - tonumber(stored[2])) / 1000) * rate)
  end
  if tokens < 1 then
    return {0, math.max(1, math.ceil((1 - tokens) / rate))}
  end
end
return {1, 0}
`);

/** Whether every bucket has a token now, spending none; `at` (ms) replaces Redis's clock, for tests. */
export async function peekSharedTokens(client: Redis, buckets: SharedBucket[], at?: number): Promise<RateLimitDecision> {
  const args = [at === undefined ? "" : String(at), ...buckets.flatMap((b) => [b.rule.capacity, b.rule.refillPerSecond])];
  const [allowed, retryAfterSeconds] = (await runScript(client, PEEK, buckets.map((b) => b.key), args)) as [number, number];
  return { allowed: allowed === 1, retryAfterSeconds };
}
