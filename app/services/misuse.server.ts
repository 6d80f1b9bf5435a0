// The exposure-misuse monitor (docs/decisions/014-misuse-evidence.md): each running test's window of
// counted claims, shared by every instance through Redis when REDIS_URL is set (failing open: no pause
// when it does not answer), else per instance. The domain's policy decides; both windows feed it.
import { createHash } from "node:crypto";
import { clientNetwork, MisuseMonitor, type MisuseObservation, type MisuseVerdict } from "~/domain/events/exposure-integrity";
import { appEnv } from "~/env.server";
import { redisConfigured, redisKey, withRedis } from "~/infra/redis.server";
import { clearSharedClaims, recordSharedClaims } from "~/infra/redis-misuse.server";

let misuseMonitor: MisuseMonitor | undefined;
const monitor = () => (misuseMonitor ??= new MisuseMonitor(appEnv().misusePolicy));
const misusePrefix = (testId: string) => redisKey(`misuse:{${testId}}`);

/**
 * Adds one batch's counted claims about one running test (docs/decisions/014-misuse-evidence.md) to the
 * test's window, and answers the window with whether the test should now be paused (null: Redis did
 * not answer, so no pause). The client's address is hashed before
 * it is kept (only its network, and only for the window's hour, in memory or Redis; never stored).
 */
export async function recordMisuseClaims(
  siteId: string,
  testId: string,
  claims: { claims: number; evidence: number; visitor: string; address: string | undefined },
): Promise<MisuseVerdict | null> {
  const network = clientNetwork(claims.address);
  const seen: MisuseObservation = {
    claims: claims.claims,
    evidence: claims.evidence,
    visitor: claims.visitor,
    network: network === null ? null : createHash("sha256").update(`${siteId}\n${network}`).digest("base64url").slice(0, 22),
  };
  if (redisConfigured()) {
    return withRedis((client) => recordSharedClaims(client, misusePrefix(testId), appEnv().misusePolicy, seen));
  }
  return monitor().record(testId, seen);
}

/** Forgets a test's misuse evidence (when svc pauses it, and when the merchant resumes it). */
export async function clearMisuseEvidence(testId: string): Promise<void> {
  monitor().clear(testId);
  if (redisConfigured()) await withRedis((client) => clearSharedClaims(client, misusePrefix(testId)));
}
