// The exposure-misuse monitor kept in Redis, shared by every app instance: per-site per-minute counts
// summed over the policy's window; the decision is the domain's (misuseWarrantsPause).
import type { Redis } from "ioredis";
import { MISUSE_BUCKET_MS, misuseWarrantsPause, misuseWindowSlots, type MisusePolicy, type MisuseVerdict } from "~/domain/events/exposure-integrity";
import { LUA_NOW_MS, luaScript, runScript } from "./redis.server";

/**
 * KEYS[1]: the site's hash, fields "<minute>:n" (exposures) and "<minute>:i" (invalid ones).
 * ARGV: the time in ms or "" for Redis's clock, the minutes in the window, the minute's length in ms,
 * exposures, invalid ones. Adds to the current minute, drops minutes past the window, answers the sums.
 */
const RECORD = luaScript(`
${LUA_NOW_MS}local slots, slotMs = tonumber(ARGV[2]), tonumber(ARGV[3])
local slot = math.floor(now / slotMs)
local current = string.format("%d", slot)
redis.call("HINCRBY", KEYS[1], current .. ":n", ARGV[4])
redis.call("HINCRBY", KEYS[1], current .. ":i", ARGV[5])
local fields = redis.call("HGETALL", KEYS[1])
local invalid, total, expired = 0, 0, {}
for i = 1, #fields, 2 do
  local field, count = fields[i], tonumber(fields[i + 1])
  local at = tonumber(string.match(field, "^(%d+):"))
  if at <= slot - slots then
    expired[#expired + 1] = field
  elseif string.sub(field, -2) == ":i" then
    invalid = invalid + count
  else
    total = total + count
  end
end
if #expired > 0 then redis.call("HDEL", KEYS[1], unpack(expired)) end
redis.call("PEXPIRE", KEYS[1], string.format("%d", slots * slotMs))
return {invalid, total}
`);

/** Adds one batch's verdicts to the site's window and judges the window as the domain's policy says. */
export async function recordSharedVerdicts(
  client: Redis,
  key: string,
  policy: MisusePolicy,
  counts: { valid: number; invalid: number },
  at?: number,
): Promise<MisuseVerdict> {
  const args = [at === undefined ? "" : String(at), misuseWindowSlots(policy), MISUSE_BUCKET_MS, counts.valid + counts.invalid, counts.invalid];
  const [invalid, total] = (await runScript(client, RECORD, [key], args)) as [number, number];
  return { pause: misuseWarrantsPause(policy, invalid, total), invalid, total };
}
