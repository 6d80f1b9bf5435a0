// When PostgreSQL goes away under a running server: writes answer 503 (retry later), the process stays up.
import { describe, expect, it } from "vitest";
import { databaseKinds } from "../support/databases";
import { useServer } from "../support/server";
import { batch, getPatches, newId, pageview, postBatch } from "../support/snippet-client";

describe.runIf(databaseKinds.includes("postgres"))("database outage", () => {
  const ctx = useServer("postgres", { SVC_DEMO: "1" });

  it("answers 503 problems, keeps serving cached variants, and does not crash", async () => {
    expect((await postBatch(ctx.server.url, batch("demo", newId(), newId(), [pageview()]))).status).toBe(200);
    await ctx.db.drop();

    const write = await postBatch(ctx.server.url, batch("demo", newId(), newId(), [pageview()]));
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBe("5");
    expect((await write.json()).type).toMatch(/temporarily-unavailable$/);

    // Variants come from memory, so shoppers still get their arm.
    const patches = await getPatches(ctx.server.url, "demo", newId());
    expect(patches.status).toBe(200);
    expect((await patches.json()).tests).toHaveLength(1);

    const health = await fetch(`${ctx.server.url}/healthz`);
    expect(health.status).toBe(503);
    // A generic status for anyone; the driver's text (which names the database) goes to the log only.
    const body = await health.json();
    expect(body).toMatchObject({ status: "error", database: { status: "error" } });
    expect(body.database).toEqual({ status: "error" });
    const database = new URL(ctx.db.env.DATABASE_URL ?? "").pathname.slice(1);
    expect(JSON.stringify(body)).not.toContain(database);
    expect(ctx.server.output()).toMatch(/\[svc\] health: the database did not answer: .+/);
    // Still the same process, still answering.
    expect((await fetch(`${ctx.server.url}/snippet.js`)).status).toBe(200);
  });
});
