// When PostgreSQL goes away under a running server: writes answer 503 (retry later), the process stays up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, databaseKinds, type TestDatabase } from "../support/databases";
import { startServer, type RunningServer } from "../support/server";
import { batch, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

describe.runIf(databaseKinds.includes("postgres"))("database outage", () => {
  let db: TestDatabase;
  let server: RunningServer;
  beforeAll(async () => {
    db = await createTestDatabase("postgres");
    server = await startServer({ env: { ...db.env, SVC_DEMO: "1" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers 503 problems, keeps serving cached variants, and does not crash", async () => {
    expect((await postBatch(server.url, batch("demo", newId(), newId(), [pageview()]))).status).toBe(200);
    await db.drop();

    const write = await postBatch(server.url, batch("demo", newId(), newId(), [pageview()]));
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBe("5");
    expect((await write.json()).type).toMatch(/temporarily-unavailable$/);

    // Variants come from memory, so shoppers still get their arm.
    const patches = await getPatches(server.url, "demo", newId());
    expect(patches.status).toBe(200);
    expect((await patches.json()).tests).toHaveLength(1);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "error", database: { status: "error" } });
    // Still the same process, still answering.
    expect((await fetch(`${server.url}/snippet.js`)).status).toBe(200);
  });
});
