// The tests' Redis (TEST_REDIS_URL, which .ci/run sets): a key prefix of its own for each test file, so
// files never see each other's keys, and only that prefix's keys are deleted afterwards (never FLUSHALL).
import { randomBytes } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";

export const testRedisUrl: string | null = process.env.TEST_REDIS_URL?.trim() || null;

/** A prefix no other test (or app) uses, e.g. "svc-test:3fa9c1d2e4b5:". */
export function uniqueRedisPrefix(): string {
  return `svc-test:${randomBytes(6).toString("hex")}:`;
}

export function openTestRedis(): Redis {
  if (!testRedisUrl) throw new Error("TEST_REDIS_URL is not set");
  return new Redis(testRedisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
}

/** Deletes every key under `prefix`. */
export async function deleteRedisKeys(client: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length) await client.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

/** A loopback port nothing listens on (it was free a moment ago): for a Redis that is down. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}
