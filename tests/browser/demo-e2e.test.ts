// The local demo end to end in Chromium: consent, a variant served by the real app, the exposure and
// the conversion written to the database and attributed to the arm the shopper saw.
import { DEMO_API_KEY, DEMO_ARM_IDS, DEMO_TEST_ID } from "~/demo/constants";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { databaseKinds } from "../support/databases";
import { useDemoInChromium } from "../support/demo-in-chromium";

const ORIGINAL = "Handmade ceramics for everyday use";
const VARIANT = "Mugs that make every morning better";
const DEMO_KEY = DEMO_API_KEY;
// The richest database available: PostgreSQL lets the test read what landed while the server runs.
const kind = databaseKinds.includes("postgres") ? "postgres" : "pglite";

describe(`demo storefront in Chromium (${kind})`, () => {
  const demo = useDemoInChromium(kind);

  it("asks for consent, serves an arm, and attributes the shopper's conversion to it", async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${demo.server.url}/demo`);

    // 127.0.0.1 has no country, so the snippet asks before it stores or sends anything.
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForFunction(() => typeof (window as { svc?: unknown }).svc === "object", null, { timeout: 10_000 });
    const headline = await page.locator("#headline").textContent();
    expect([ORIGINAL, VARIANT]).toContain(headline);
    const sid = await page.evaluate(() => localStorage.getItem("svc_sid"));
    expect(sid).toMatch(/^[A-Za-z0-9_-]+$/);

    await page.getByLabel("Email").fill("shopper@example.com");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.locator("output").textContent()).resolves.toContain("Thanks");
    // Leaving the page flushes the batch (sendBeacon on pagehide).
    await page.goto("about:blank");
    await context.close();

    // The server attributes a conversion with this session to the arm the shopper was shown.
    const expectedArm = headline === VARIANT ? DEMO_ARM_IDS[1] : DEMO_ARM_IDS[0];
    let attributed: unknown = [];
    for (let i = 0; i < 20 && JSON.stringify(attributed) === "[]"; i++) {
      const res = await fetch(`${demo.server.url}/api/conversions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${DEMO_KEY}` },
        body: JSON.stringify({ site: "demo", event_id: `probe-${i}`, goal: "probe", session: sid }),
      });
      attributed = ((await res.json()) as { attributed: unknown }).attributed;
      if (JSON.stringify(attributed) === "[]") await new Promise((r) => setTimeout(r, 250));
    }
    expect(attributed).toEqual([{ test: DEMO_TEST_ID, arm: expectedArm }]);

    if (kind === "postgres") {
      const client = new pg.Client({ connectionString: demo.db.env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT c.goal, a."armId" FROM "Conversion" c JOIN "ConversionAttribution" a USING ("siteId", "eventId")
            WHERE c."sessionId" = $1 AND c.source = 'browser'`,
          [sid],
        );
        expect(rows).toEqual([{ goal: "signup", armId: expectedArm }]);
        const events = await client.query(`SELECT data::text FROM "Event" WHERE "sessionId" = $1`, [sid]);
        expect(events.rows.map((r) => r.data).join(" ")).not.toContain("shopper@example.com");
      } finally {
        await client.end();
      }
    }
    expect(errors).toEqual([]);
  });
});
