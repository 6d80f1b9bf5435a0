// GET /api/hide.css over a real server: the hiding sheet for a site's page (hideCss of what its running tests
// change there, empty elsewhere), cacheable and cookie-free, and problem documents, never a 5xx, for bad input.
import { describe, expect, it } from "vitest";
import { HIDE_PATH_MAX_CHARS, hideCss } from "~/wire/hide";
import { seedShop, seedSite, seedTest } from "../support/seed";
import { SHOPIFY_TEST_ENV, useServer } from "../support/server";
import { oneDatabaseKind } from "../support/databases";

const SHOP = "hide-sheet.myshopify.com";
const SITE = "hide-sheet-site";
const sheet = (base: string, query: string, init?: RequestInit) => fetch(`${base}/api/hide.css?${query}`, init);

describe("GET /api/hide.css", () => {
  const ctx = useServer(oneDatabaseKind, SHOPIFY_TEST_ENV, {
    seed: async (sql) => {
      await seedShop(sql, { domain: SHOP });
      await seedSite(sql, { id: SITE, shop: SHOP });
      await seedSite(sql, { id: "hide-sheet-paused", shop: SHOP, status: "paused" });
      const variant = (patches: unknown[], redirectUrl: string | null = null) => [{ patches: [] }, { patches, redirectUrl }];
      await seedTest(sql, { id: "hs-headline", site: SITE, status: "running", pages: ["/", "/products/*"], arms: variant([{ op: "text", sel: "#headline", value: "New" }, { op: "hide", sel: ".badge" }]) });
      await seedTest(sql, { id: "hs-split", site: SITE, status: "running", pages: ["/products/*"], arms: variant([], "https://example.com/other") });
      await seedTest(sql, { id: "hs-draft", site: SITE, status: "draft", pages: ["/"], arms: variant([{ op: "text", sel: "#draft", value: "x" }]) });
      await seedTest(sql, { id: "hs-paused-site", site: "hide-sheet-paused", status: "running", pages: ["*"], arms: variant([{ op: "text", sel: "#p", value: "x" }]) });
    },
  });

  it("answers hideCss of what the running tests change on the path, cacheable by anyone, with no cookie", async () => {
    const res = await sheet(ctx.server.url, `site=${SITE}&p=${encodeURIComponent("/products/mug/")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.text()).toBe(hideCss(["#headline", ".badge"]));

    const home = await sheet(ctx.server.url, `site=${SITE}&p=/`);
    expect(await home.text()).toBe(hideCss(["#headline", ".badge"]));
    const head = await sheet(ctx.server.url, `site=${SITE}&p=/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("answers an empty sheet, still cacheable, on a path no test targets and for a paused site", async () => {
    for (const query of [`site=${SITE}&p=/about`, "site=hide-sheet-paused&p=/"]) {
      const res = await sheet(ctx.server.url, query);
      expect(res.status, query).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=600");
      expect(await res.text(), query).toBe("");
    }
  });

  it("refuses bad input and unknown sites with problem documents, never cached", async () => {
    const cases: Array<[string, number, string]> = [
      [`p=/`, 400, "invalid-site"],
      [`site=Not_A_Site&p=/`, 400, "invalid-site"],
      [`site=${SITE}`, 400, "invalid-path"],
      [`site=${SITE}&p=products`, 400, "invalid-path"],
      [`site=${SITE}&p=${encodeURIComponent("/a?b")}`, 400, "invalid-path"],
      [`site=${SITE}&p=%2Fa%20b`, 400, "invalid-path"],
      [`site=${SITE}&p=%2Fcaf%C3%A9`, 400, "invalid-path"],
      [`site=${SITE}&p=/${"a".repeat(HIDE_PATH_MAX_CHARS)}`, 400, "invalid-path"],
      [`site=no-such-site&p=/`, 404, "unknown-site"],
    ];
    for (const [query, status, type] of cases) {
      const res = await sheet(ctx.server.url, query);
      expect(res.status, query).toBe(status);
      expect(res.headers.get("content-type"), query).toBe("application/problem+json");
      expect(res.headers.get("cache-control"), query).toBe("no-store");
      expect(((await res.json()) as { type: string }).type, query).toBe(`https://svc.dev/problems/${type}`);
    }
    const long = await sheet(ctx.server.url, `site=${SITE}&p=/${"a".repeat(HIDE_PATH_MAX_CHARS - 1)}`);
    expect(long.status).toBe(200);
    expect(await long.text()).toBe("");
    const post = await sheet(ctx.server.url, `site=${SITE}&p=/`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });
});
