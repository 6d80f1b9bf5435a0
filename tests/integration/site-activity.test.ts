// "Is it firing?" on a site's page, on the real server: nothing reported reads "never", then a pageview and a
// conversion through /api/events show when the tag and that goal last fired, while a goal nobody fires stays
// "never"; the Shopify storefront also shows the web pixel's last checkout report.
import { beforeAll, describe, expect, it } from "vitest";
import { oneDatabase } from "../support/databases";
import { loaderData } from "../support/admin-route-data";
import { seedSite, seedTest } from "../support/seed";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { batch, conversion, newId, pageview, postBatch } from "../support/snippet-client";

const SHOP = "svc-activity.myshopify.com";
const SITE = "activity-site";
const ROUTE = "routes/app.sites.$siteId";

describe.each(oneDatabase)("site activity (%s)", (kind) => {
  const ctx = useShopifyServer(kind);
  const url = () => ctx.server.url;
  const activityOf = async (site: string) => (await loaderData(url(), SHOP, `/app/sites/${site}`, ROUTE)).data.activity;

  beforeAll(async () => {
    expect((await adminFetch(url(), SHOP, "/app")).status).toBe(200);
    await ctx.sql(async (sql) => {
      await seedSite(sql, { shop: SHOP, id: SITE });
      await seedTest(sql, { id: "act-hero", site: SITE, name: "Hero", status: "running", pages: ["/"], goals: ["signup", "demo-request"] });
      await seedTest(sql, { id: "act-old", site: SITE, name: "Old", status: "completed", pages: ["/"], goals: ["retired"] });
      await seedTest(sql, { id: "act-next", site: SITE, name: "Next idea", status: "draft", pages: ["/"], goals: ["signup"] });
    });
  });

  it("says never for a site that has reported nothing, and lists the live tests' goals, a draft's apart", async () => {
    expect(await activityOf(SITE)).toEqual({
      tag: { at: null, text: "never", fresh: false },
      pixel: null,
      goals: [
        { label: "demo-request", tests: ["Hero"], drafts: [], at: null, text: "never", fresh: false },
        { label: "signup", tests: ["Hero"], drafts: ["Next idea"], at: null, text: "never", fresh: false },
      ],
    });
    // On the page: the draft is not among the tests that count the goal.
    const html = await (await adminFetch(url(), SHOP, `/app/sites/${SITE}`)).text();
    expect(html).toMatch(/>Counted by<.*>Drafts that will count it</);
    expect(html).toMatch(/>signup<.*?>Hero<.*?>Next idea</);
  });

  it("shows when the tag and a goal last fired once events arrive, and leaves the other goal at never", async () => {
    const res = await postBatch(url(), batch(SITE, newId(), newId(), [pageview("/"), conversion("signup")]));
    expect(res.status).toBeLessThan(300);
    let activity = await activityOf(SITE);
    for (let i = 0; i < 40 && activity.tag.at === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      activity = await activityOf(SITE);
    }
    expect(activity.tag).toMatchObject({ text: "just now", fresh: true });
    expect(activity.goals).toEqual([
      { label: "demo-request", tests: ["Hero"], drafts: [], at: null, text: "never", fresh: false },
      expect.objectContaining({ label: "signup", text: "just now", fresh: true }),
    ]);
    const html = await (await adminFetch(url(), SHOP, `/app/sites/${SITE}`)).text();
    expect(html).toContain("Is it firing?");
    expect(html).toContain("Never: check it fires before you start");
  });

  it("shows the web pixel's line on the Shopify storefront", async () => {
    const storefront = (await loaderData(url(), SHOP, "/app/sites", "routes/app.sites._index")).data.sites.find((s: { kind: string }) => s.kind === "shopify");
    expect((await activityOf(storefront.id)).pixel).toEqual({ at: null, text: "never", fresh: false });
  });
});
