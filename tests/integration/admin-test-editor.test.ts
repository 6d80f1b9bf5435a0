// The test editor on the real server, for two shops with Shopify session tokens: create, field errors
// with nothing written, another shop's ids answering 404, the lock of a running test, the snippet's
// endpoint seeing a save at once, and the live theme's alternate templates from the Admin API stand-in.
import { describe, expect, it } from "vitest";
import { emptyOffer as emptyOfferDraft } from "~/domain/experiments/offer-form";
import { databaseKinds } from "../support/databases";
import { readSingleFetch as read } from "../support/admin-route-data";
import { adminFetch, useShopifyServer } from "../support/shopify";
import { getPatches, newId } from "../support/snippet-client";

const SHOP_A = "svc-editor-a.myshopify.com";
const SHOP_B = "svc-editor-b.myshopify.com";
// Remix single fetch: a route's data at <path>.data, encoded with turbo-stream (what the browser's router reads).
const NEW_ROUTE = "routes/app.tests.new";
const EDIT_ROUTE = "routes/app.tests.$testId_.edit";
const NEW = "/app/tests/new.data";
const edit = (id: string) => `/app/tests/${id}/edit.data`;
const loaderOf = (path: string, route: string) => `${path}?_routes=${encodeURIComponent(route)}`;

/** A loader's data from a single-fetch GET (null when the route answered no data, e.g. a 404). */
async function loaderData<T>(res: Response, route: string): Promise<T> {
  const body = (await read(res)) as Record<string, { data?: T }>;
  return body[route]?.data as T;
}

/** An action's data from a single-fetch POST. */
async function actionData<T>(res: Response): Promise<T> {
  const body = (await read(res)) as { data?: T };
  return body.data as T;
}

interface EditorData {
  sites: Array<{ id: string; kind: string }>;
  values: Record<string, unknown> & { name: string; arms: Array<Record<string, unknown>>; pages: Array<{ kind: string; value: string }> };
  test: { id: string; name: string; status: string } | null;
  lock: string | null;
  templates: { source: string; choices?: Array<{ suffix: string; types: string[] }> };
}

function definition(siteId: string, over: Record<string, unknown> = {}) {
  return {
    siteId,
    name: "Shorter headline",
    hypothesis: "Fewer words, more carts",
    pages: [{ kind: "prefix", value: "/products/" }],
    trafficPercent: "100",
    minDetectableEffect: "10",
    arms: [
      { name: "Control", weight: "1", change: "none", patches: [], redirectUrl: "", template: "" },
      {
        name: "Short",
        weight: "1",
        change: "patches",
        patches: [{ op: "text", sel: "h1.title", value: "Hats", name: "", removeAttribute: false, add: "", remove: "", declarations: "" }],
        redirectUrl: "",
        template: "",
      },
    ],
    goals: [{ kind: "purchase", label: "purchase", selector: "", page: { kind: "exact", value: "" }, primary: true }],
    ...over,
  };
}

const post = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields) });

describe.each(databaseKinds)("test editor (%s)", (kind) => {
  const ctx = useShopifyServer(kind);

  async function editorOf(shop: string): Promise<EditorData> {
    const res = await adminFetch(ctx.server.url, shop, loaderOf(NEW, NEW_ROUTE));
    expect(res.status).toBe(200);
    return loaderData<EditorData>(res, NEW_ROUTE);
  }

  async function create(shop: string, body: unknown) {
    const res = await adminFetch(ctx.server.url, shop, NEW, post({ definition: JSON.stringify(body) }));
    return { status: res.status, body: await actionData<{ ok: boolean; id?: string; errors?: Record<string, string> }>(res) };
  }

  async function editorData(shop: string, id: string): Promise<EditorData> {
    const res = await adminFetch(ctx.server.url, shop, loaderOf(edit(id), EDIT_ROUTE));
    expect(res.status).toBe(200);
    return loaderData<EditorData>(res, EDIT_ROUTE);
  }

  const countTests = () => ctx.sql(async (sql) => (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Test"`))[0]?.n);

  it("creates a test that then loads in the editor as it was posted", async () => {
    const { sites } = await editorOf(SHOP_A);
    const site = sites[0];
    expect(site?.kind).toBe("shopify");
    const created = await create(SHOP_A, definition(site!.id));
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const res = await adminFetch(ctx.server.url, SHOP_A, loaderOf(edit(created.body.id!), EDIT_ROUTE));
    expect(res.status).toBe(200);
    const data = await loaderData<EditorData>(res, EDIT_ROUTE);
    expect(data.test).toMatchObject({ id: created.body.id, name: "Shorter headline", status: "draft" });
    expect(data.lock).toBeNull();
    expect(data.values.pages).toEqual([{ kind: "prefix", value: "/products/" }]);
    expect(data.values.arms[1]).toMatchObject({ name: "Short", change: "patches", patches: [expect.objectContaining({ op: "text", sel: "h1.title", value: "Hats" })] });
    const rows = await ctx.sql((sql) => sql.query<{ pages: string[]; key: string }>(`SELECT t.pages, a.key FROM "Test" t JOIN "Arm" a ON a."testId" = t.id WHERE t.id = $1 ORDER BY a.position`, [created.body.id]));
    expect(rows.map((r) => r.key)).toEqual(["control", "b"]);
    expect(rows[0]?.pages).toEqual(["/products/*"]);
  });

  it("answers field errors and writes nothing for invalid input", async () => {
    const { sites } = await editorOf(SHOP_A);
    const before = await countTests();
    const bad = definition(sites[0]!.id, {
      name: "",
      pages: [{ kind: "exact", value: "no-slash" }],
      arms: [definition("").arms[0], { ...definition("").arms[1], patches: [{ op: "hide", sel: "div[" }, { op: "hide", sel: "body" }] }],
      goals: [{ kind: "click", label: "cta", selector: "a::before", page: { kind: "exact", value: "" }, primary: true }],
    });
    const answer = await create(SHOP_A, bad);
    expect(answer.status).toBe(400);
    expect(answer.body.ok).toBe(false);
    expect(Object.keys(answer.body.errors ?? {})).toEqual(expect.arrayContaining(["name", "pages.0.value", "arms.1.patches.0.sel", "arms.1.patches.1.sel", "goals.0.selector"]));
    for (const junk of ["{", "[]", "null"]) {
      const res = await adminFetch(ctx.server.url, SHOP_A, NEW, post({ definition: junk }));
      expect(res.status).toBe(400);
    }
    expect((await adminFetch(ctx.server.url, SHOP_A, NEW, post({}))).status).toBe(400);
    expect(await countTests()).toBe(before);
  });

  // Issue 20: the careless merchant and row 11 through the admin form's save.
  describe("careless or hostile input", () => {
    const variant = (patches: unknown[]) => [definition("").arms[0], { ...definition("").arms[1], patches }];
    const patch = (over: Record<string, unknown>) => ({ op: "text", sel: "h1.title", value: "Hats", name: "", removeAttribute: false, add: "", remove: "", declarations: "", ...over });
    const redirectArm = (redirectUrl: string) => [definition("").arms[0], { ...definition("").arms[1], change: "redirect", patches: [], redirectUrl }];

    it.each([
      ["a hide of every element", { arms: variant([patch({ op: "hide", sel: "*" })]) }, 422, "arms.1.patches.0.sel", /^This selector matches \(nearly\) every element/],
      ["a text replace of body's children", { arms: variant([patch({ sel: "body > *" })]) }, 422, "arms.1.patches.0.sel", /every element/],
      ["onerror= HTML", { arms: variant([patch({ op: "html", sel: "#lede", value: "<img src=x onerror=alert(1)>" })]) }, 422, "arms.1.patches.0.value", /^Remove what could run script/],
      ["a javascript: link", { arms: variant([patch({ op: "attr", sel: "a.buy", name: "href", value: "javascript:alert(1)" })]) }, 422, "arms.1.patches.0.value", /^Script \(javascript:\)/],
      // Issue 33, row 13: a style sheet loaded rules and images from any host.
      ["a style sheet's @import", { arms: variant([patch({ op: "css", sel: "", value: "@import url(https://evil.test/a.css);" })]) }, 422, "arms.1.patches.0.value", /^Load nothing from another site: remove @import/],
      ["a protocol-relative image in a style sheet", { arms: variant([patch({ op: "css", sel: "", value: ".a { background: url(//evil.test/a.png) }" })]) }, 422, "arms.1.patches.0.value", /remove url\(\/\/evil\.test\/a\.png\)\. Use paths on your own site/],
      ["another host's image in a style value", { arms: variant([patch({ op: "style", sel: "#lede", declarations: "background-image: url(https://evil.test/a.png)" })]) }, 422, "arms.1.patches.0.declarations", /^Load nothing from another site/],
      ["an empty Replace text", { arms: variant([patch({ value: "  " })]) }, 400, "arms.1.patches.0.value", /^Enter the new text/],
      ["a redirect to another domain", { arms: redirectArm("https://elsewhere.example/landing") }, 400, "arms.1.redirectUrl", /^Visitors can only be sent to this site's own pages \(https:\/\/svc-editor-a\.myshopify\.com\)/],
      ["a redirect to the test's own page", { arms: redirectArm("/products/mug") }, 400, "arms.1.redirectUrl", /page the test itself runs on/],
      ["a 5,000-character name", { name: "n".repeat(5000) }, 400, "name", /^Keep the name to 120 characters or fewer \(this one has 5000\)$/],
      ["a 10,001-character text", { arms: variant([patch({ value: "t".repeat(10_001) })]) }, 400, "arms.1.patches.0.value", /^Keep the text under 10,000 characters$/],
    ])("refuses %s with a field error in words, writing nothing", async (_what, over, status, field, message) => {
      const { sites } = await editorOf(SHOP_A);
      const before = await countTests();
      const answer = await create(SHOP_A, definition(sites[0]!.id, over));
      expect(answer.status).toBe(status);
      expect(answer.body.errors).toEqual({ [field]: expect.stringMatching(message) });
      expect(await countTests()).toBe(before);
    });

    it("refuses the same on a saved draft's save, and keeps a redirect on the site's own origin", async () => {
      const { sites } = await editorOf(SHOP_A);
      const created = await create(SHOP_A, definition(sites[0]!.id));
      const save = (over: Record<string, unknown>) => adminFetch(ctx.server.url, SHOP_A, edit(created.body.id!), post({ intent: "save", definition: JSON.stringify(definition(sites[0]!.id, over)) }));
      const hidden = await save({ arms: variant([patch({ op: "hide", sel: "body *" })]) });
      expect(hidden.status).toBe(422);
      const own = await save({ arms: redirectArm("https://svc-editor-a.myshopify.com/pages/landing") });
      expect(own.status).toBe(200);
      const rows = await ctx.sql((sql) => sql.query<{ redirectUrl: string | null }>(`SELECT "redirectUrl" FROM "Arm" WHERE "testId" = $1 ORDER BY position`, [created.body.id]));
      expect(rows.map((r) => r.redirectUrl)).toEqual([null, "https://svc-editor-a.myshopify.com/pages/landing"]);
    });
  });

  it("answers 404 for another shop's test and site, and changes nothing", async () => {
    const a = await editorOf(SHOP_A);
    const b = await editorOf(SHOP_B);
    const created = await create(SHOP_A, definition(a.sites[0]!.id, { name: "A's own" }));
    const id = created.body.id!;
    const before = await countTests();
    expect((await adminFetch(ctx.server.url, SHOP_B, loaderOf(edit(id), EDIT_ROUTE))).status).toBe(404);
    const save = await adminFetch(ctx.server.url, SHOP_B, edit(id), post({ intent: "save", definition: JSON.stringify(definition(b.sites[0]!.id, { name: "Taken" })) }));
    expect(save.status).toBe(404);
    expect((await adminFetch(ctx.server.url, SHOP_B, edit(id), post({ intent: "duplicate" }))).status).toBe(404);
    // Shop B naming shop A's site: the site is not among B's, so it is a field error.
    const foreignSite = await create(SHOP_B, definition(a.sites[0]!.id));
    expect(foreignSite.status).toBe(400);
    expect(foreignSite.body.errors).toHaveProperty("siteId");
    expect(await countTests()).toBe(before);
    const still = await editorData(SHOP_A, id);
    expect(still.test?.name).toBe("A's own");
  });

  it("refuses arm, patch, page and traffic changes on a running test, accepts its name, and the snippet sees it at once", async () => {
    const { sites } = await editorOf(SHOP_A);
    const site = sites[0]!;
    const id = (await create(SHOP_A, definition(site.id, { name: "Running one" }))).body.id!;
    const vid = newId();
    const served = async () => ((await (await getPatches(ctx.server.url, site.id, vid)).json()) as { tests: Array<{ test: string; pages: string[] }> }).tests;
    // The snippet's cache now holds the site with the test not running.
    expect((await served()).map((t) => t.test)).not.toContain(id);
    await ctx.sql((sql) => sql.query(`UPDATE "Test" SET status = 'running', "startedAt" = now() WHERE id = $1`, [id]));
    // The server kept running: a change behind its back waits for REFRESH_MS.
    expect((await served()).map((t) => t.test)).not.toContain(id);

    const loaded = await editorData(SHOP_A, id);
    expect(loaded.lock).toMatch(/running/);
    const save = (values: unknown) => adminFetch(ctx.server.url, SHOP_A, edit(id), post({ intent: "save", definition: JSON.stringify(values) }));
    const arms = loaded.values.arms;
    const changedPatch = { ...arms[1], patches: [{ ...(arms[1]?.patches as object[])[0], value: "Caps" }] };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ arms: [arms[0], changedPatch] }, "arms"],
      [{ arms: [arms[0], { ...arms[1], weight: "3" }] }, "arms"],
      [{ arms: [...arms, { ...arms[1], name: "Third" }] }, "arms"],
      [{ pages: [{ kind: "exact", value: "/" }] }, "pages"],
      [{ trafficPercent: "50" }, "trafficPercent"],
    ];
    for (const [change, part] of refusals) {
      const res = await save({ ...loaded.values, ...change });
      expect(res.status).toBe(409);
      const body = await actionData<{ errors: Record<string, string> }>(res);
      expect(body.errors).toHaveProperty(part);
      expect(body.errors.form).toMatch(/new draft/);
    }
    const renamed = await save({ ...loaded.values, name: "Running, renamed", minDetectableEffect: "5" });
    expect(renamed.status).toBe(200);
    const after = await editorData(SHOP_A, id);
    expect(after.test?.name).toBe("Running, renamed");
    expect(after.values.pages).toEqual([{ kind: "prefix", value: "/products/" }]);

    // The save dropped the site's cached entry: the running test is served now, not after REFRESH_MS.
    expect((await served()).find((t) => t.test === id)).toMatchObject({ pages: ["/products/*"] });
  });

  it("duplicates a running test as a new draft with the same arms", async () => {
    const { sites } = await editorOf(SHOP_A);
    const id = (await create(SHOP_A, definition(sites[0]!.id, { name: "Original" }))).body.id!;
    await ctx.sql((sql) => sql.query(`UPDATE "Test" SET status = 'running' WHERE id = $1`, [id]));
    const res = await adminFetch(ctx.server.url, SHOP_A, edit(id), post({ intent: "duplicate" }));
    expect(res.status).toBe(201);
    const copyId = (await actionData<{ id: string }>(res)).id;
    expect(copyId).not.toBe(id);
    const copy = await editorData(SHOP_A, copyId);
    expect(copy.test).toMatchObject({ name: "Original (copy)", status: "draft" });
    expect(copy.lock).toBeNull();
    expect(copy.values.arms[1]).toMatchObject({ name: "Short", patches: [expect.objectContaining({ sel: "h1.title" })] });
  });

  it("creates a price test whose variant changes only what it charges, locks its offer, title and Buy-it-now choice once it runs, and copies them", async () => {
    const { sites } = await editorOf(SHOP_A);
    const site = sites[0]!;
    // Two goals, as the form starts a Shopify test (the purchase and adding to the cart): one insert of both.
    const base = definition(site.id, {
      name: "Bowl at 19.99",
      goals: [
        { kind: "purchase", label: "purchase", selector: "", page: { kind: "exact", value: "" }, primary: true },
        { kind: "added_to_cart", label: "added_to_cart", selector: "", page: { kind: "exact", value: "" }, primary: false },
      ],
    });
    // The bowl's variant in the shop, at its list price: the form checks each arm's price against it.
    ctx.admin.shop(SHOP_A).variants.set("gid://shopify/ProductVariant/44810745389307", { unitCost: null, price: "24.00", productId: "gid://shopify/Product/4481" });
    const withPrices = (prices: string) => ({ ...base, arms: [base.arms[0], { ...base.arms[1], change: "none", patches: [], offer: { kind: "price", prices } }] });
    for (const [prices, message] of [
      ["44810745389307: 24.01", /^Above the variant's price in Shopify, the list price, which checkout would charge instead \(44810745389307: 24\.01 is above 24\)/],
      ["44810745389307: 19.99\n44810745389399: 5", /^Not a variant of this shop: 44810745389399\./],
    ] as const) {
      const refused = await create(SHOP_A, withPrices(prices));
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.["arms.1.offer.prices"]).toMatch(message);
    }
    const offer = { kind: "price", by: "percent", value: "", minimum: "", products: "", prices: "44810745389307: 19.99" };
    const priced = { ...base, arms: [base.arms[0], { ...base.arms[1], change: "none", patches: [], offer }], offerTitle: "  Bowl week price ", buyNow: "exclude" };
    // A title checkout could not show as typed is the form's 400 beside its field, and nothing is written.
    const before = await countTests();
    for (const [offerTitle, message] of [["x".repeat(61), /60 characters or fewer/], ["Bowl\nweek", /control characters/], [42, /./]] as const) {
      const refused = await create(SHOP_A, { ...priced, offerTitle });
      if (typeof offerTitle === "number") {
        // Not text: read as empty, the default title, as any field of the wrong type is.
        expect(refused.status).toBe(201);
        await ctx.sql((sql) => sql.query(`DELETE FROM "Test" WHERE id = $1`, [refused.body.id]));
        continue;
      }
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.offerTitle).toMatch(message);
    }
    const unknownChoice = await create(SHOP_A, { ...priced, buyNow: "show" });
    expect(unknownChoice.status).toBe(400);
    expect(unknownChoice.body.errors?.buyNow).toMatch(/Buy-it-now/);
    expect(await countTests()).toBe(before);
    const created = await create(SHOP_A, priced);
    expect(created.status).toBe(201);
    const id = created.body.id!;
    const title = await ctx.sql((sql) => sql.query<{ offerTitle: string | null; buyNow: string }>(`SELECT "offerTitle", "buyNow"::text FROM "Test" WHERE id = $1`, [id]));
    expect(title).toEqual([{ offerTitle: "Bowl week price", buyNow: "exclude" }]);
    const stored = await ctx.sql((sql) => sql.query<{ key: string; offer: unknown }>(`SELECT key, offer FROM "Arm" WHERE "testId" = $1 ORDER BY position`, [id]));
    // As the Function reads it (app/wire/offers.ts); the control, with none, is charged the list price (SQL NULL).
    expect(stored).toEqual([
      { key: "control", offer: null },
      { key: "b", offer: { k: "price", prices: { "gid://shopify/ProductVariant/44810745389307": 19.99 } } },
    ]);
    const loaded = await editorData(SHOP_A, id);
    expect(loaded.values.arms[1]).toMatchObject({ change: "none", offer: { kind: "price", prices: "44810745389307: 19.99" } });
    expect(loaded.values.offerTitle).toBe("Bowl week price");
    expect(loaded.values.buyNow).toBe("exclude");

    await ctx.sql((sql) => sql.query(`UPDATE "Test" SET status = 'running', "startedAt" = now() WHERE id = $1`, [id]));
    const running = await editorData(SHOP_A, id);
    const arms = running.values.arms;
    const cheaper = { ...arms[1], offer: { ...(arms[1]?.offer as object), prices: "44810745389307: 9.99" } };
    const res = await adminFetch(ctx.server.url, SHOP_A, edit(id), post({ intent: "save", definition: JSON.stringify({ ...running.values, arms: [arms[0], cheaper] }) }));
    expect(res.status).toBe(409);
    expect((await actionData<{ errors: Record<string, string> }>(res)).errors).toHaveProperty("arms");
    const retitled = await adminFetch(ctx.server.url, SHOP_A, edit(id), post({ intent: "save", definition: JSON.stringify({ ...running.values, offerTitle: "Cheaper bowls" }) }));
    expect(retitled.status).toBe(409);
    expect((await actionData<{ errors: Record<string, string> }>(retitled)).errors.offerTitle).toMatch(/discount's title at checkout/);
    const rechosen = await adminFetch(ctx.server.url, SHOP_A, edit(id), post({ intent: "save", definition: JSON.stringify({ ...running.values, buyNow: "hide" }) }));
    expect(rechosen.status).toBe(409);
    expect((await actionData<{ errors: Record<string, string> }>(rechosen)).errors.buyNow).toMatch(/Buy-it-now/);

    const copied = await adminFetch(ctx.server.url, SHOP_A, edit(id), post({ intent: "duplicate" }));
    expect(copied.status).toBe(201);
    const copy = await editorData(SHOP_A, (await actionData<{ id: string }>(copied)).id);
    expect(copy.values.arms[1]).toMatchObject({ offer: { kind: "price", prices: "44810745389307: 19.99" } });
    expect(copy.values.offerTitle).toBe("Bowl week price");
    expect(copy.values.buyNow).toBe("exclude");
  });

  it("creates a buy X, get Y test as the Function reads it, and refuses a product both bought and got beside its field", async () => {
    const { sites } = await editorOf(SHOP_A);
    const base = definition(sites[0]!.id, {
      name: "Buy 2 mugs, get a coaster free",
      goals: [{ kind: "purchase", label: "purchase", selector: "", page: { kind: "exact", value: "" }, primary: true }],
    });
    const offer = { kind: "bxgy", by: "percent", value: "100", minimum: "", products: "8112461512955", prices: "", buyQuantity: "2", getQuantity: "1", getProducts: "8112461545723" };
    const withOffer = (o: typeof offer) => ({ ...base, arms: [base.arms[0], { ...base.arms[1], change: "none", patches: [], offer: o }] });
    const overlapping = await create(SHOP_A, withOffer({ ...offer, getProducts: "8112461512955" }));
    expect(overlapping.status).toBe(400);
    expect(Object.entries(overlapping.body.errors ?? {}).find(([, message]) => message.includes("cannot also be the one got"))?.[0]).toMatch(/^arms\.1\.offer/);
    const created = await create(SHOP_A, withOffer(offer));
    expect(created.status).toBe(201);
    const stored = await ctx.sql((sql) => sql.query<{ offer: unknown }>(`SELECT offer FROM "Arm" WHERE "testId" = $1 ORDER BY position`, [created.body.id]));
    expect(stored.map((r) => r.offer)).toEqual([
      null,
      { k: "bxgy", buy: ["gid://shopify/Product/8112461512955"], x: 2, get: ["gid://shopify/Product/8112461545723"], y: 1, percent: 100 },
    ]);
    expect((await editorData(SHOP_A, created.body.id!)).values.arms[1]).toMatchObject({ offer: { kind: "bxgy", buyQuantity: "2", getQuantity: "1", getProducts: "8112461545723" } });
  });

  it("creates product and buy X, get Y offers with collections as the Function reads them, and refuses bad collections beside their field", async () => {
    const { sites } = await editorOf(SHOP_A);
    const base = definition(sites[0]!.id, {
      name: "A fifth off the summer collection",
      goals: [{ kind: "purchase", label: "purchase", selector: "", page: { kind: "exact", value: "" }, primary: true }],
    });
    const offer = {
      kind: "products", by: "percent", value: "20", minimum: "", products: "", collections: "450123776251, gid://shopify/Collection/450123776252", prices: "",
      buyQuantity: "", getQuantity: "", getProducts: "", getCollections: "",
    };
    const withOffer = (o: typeof offer) => ({ ...base, arms: [base.arms[0], { ...base.arms[1], change: "none", patches: [], offer: o }] });
    const many = Array.from({ length: 26 }, (_, i) => String(450123776200 + i)).join(", ");
    for (const [collections, message] of [["summer", "collections by their id"], ["450123776251, 450123776251", "named twice"], [many, "at most 25 collections"]]) {
      const refused = await create(SHOP_A, withOffer({ ...offer, collections: collections! }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.["arms.1.offer.collections"]).toContain(message);
    }
    // Ids of the right shape but not the shop's collections (the Admin API stand-in knows none yet): refused by number.
    const unknown = await create(SHOP_A, withOffer(offer));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.["arms.1.offer.collections"]).toBe("Not a collection of this shop: 450123776251, 450123776252. Correct the id, or choose the collections again.");
    ctx.admin.shop(SHOP_A).collections.add("gid://shopify/Collection/450123776251");
    const oneUnknown = await create(SHOP_A, withOffer(offer));
    expect(oneUnknown.body.errors?.["arms.1.offer.collections"]).toContain("Not a collection of this shop: 450123776252.");
    ctx.admin.shop(SHOP_A).collections.add("gid://shopify/Collection/450123776252");
    const created = await create(SHOP_A, withOffer(offer));
    expect(created.status).toBe(201);
    // A got-from collection the shop does not have is refused beside its own field.
    const gotUnknown = await create(SHOP_A, withOffer({ ...offer, kind: "bxgy", value: "100", collections: "450123776251", buyQuantity: "2", getQuantity: "1", getCollections: "450123776299" }));
    expect(gotUnknown.status).toBe(400);
    expect(gotUnknown.body.errors?.["arms.1.offer.getCollections"]).toContain("Not a collection of this shop: 450123776299.");
    const bxgy = { ...offer, kind: "bxgy", value: "100", collections: "450123776251", buyQuantity: "2", getQuantity: "1", getCollections: "450123776251" };
    const overlapping = await create(SHOP_A, withOffer(bxgy));
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.errors?.["arms.1.offer.getCollections"]).toContain("cannot also be the one got from");
    const buyFromCollection = await create(SHOP_A, withOffer({ ...bxgy, getCollections: "450123776252" }));
    expect(buyFromCollection.status).toBe(201);
    const stored = await ctx.sql((sql) =>
      sql.query<{ offer: unknown }>(`SELECT offer FROM "Arm" WHERE "testId" IN ($1, $2) AND position = 1 ORDER BY "testId" = $2`, [created.body.id, buyFromCollection.body.id]),
    );
    expect(stored.map((r) => r.offer)).toEqual([
      { k: "products", percent: 20, collections: ["gid://shopify/Collection/450123776251", "gid://shopify/Collection/450123776252"] },
      { k: "bxgy", buy: [], buyCollections: ["gid://shopify/Collection/450123776251"], x: 2, getCollections: ["gid://shopify/Collection/450123776252"], y: 1, percent: 100 },
    ]);
    expect((await editorData(SHOP_A, created.body.id!)).values.arms[1]).toMatchObject({ offer: { kind: "products", collections: "450123776251, 450123776252" } });
  });

  it("creates a price arm as a percentage off its variants' list prices, stored as the Function reads it, and refuses a bad percentage beside its field", async () => {
    const { sites } = await editorOf(SHOP_A);
    const base = definition(sites[0]!.id, {
      name: "15% off the bowls",
      goals: [{ kind: "purchase", label: "purchase", selector: "", page: { kind: "exact", value: "" }, primary: true }],
    });
    ctx.admin.shop(SHOP_A).variants.set("gid://shopify/ProductVariant/44810745389307", { unitCost: null, price: "24.00", productId: "gid://shopify/Product/4481" });
    const offer = { ...emptyOfferDraft(), kind: "percentPrice", value: "15", variants: "44810745389307, 44810745389308" };
    const withOffer = (o: typeof offer) => ({ ...base, arms: [base.arms[0], { ...base.arms[1], change: "none", patches: [], offer: o }] });
    const refused = await create(SHOP_A, withOffer({ ...offer, value: "120" }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.["arms.1.offer.value"]).toMatch(/under 100/);
    // Its variants are checked against the shop's at save, as a price arm's are; any percentage is below the list price.
    const unknown = await create(SHOP_A, withOffer(offer));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.["arms.1.offer.prices"]).toMatch(/^Not a variant of this shop: 44810745389308\./);
    ctx.admin.shop(SHOP_A).variants.set("gid://shopify/ProductVariant/44810745389308", { unitCost: null, price: "9.00", productId: "gid://shopify/Product/4481" });
    const created = await create(SHOP_A, withOffer(offer));
    expect(created.status).toBe(201);
    const [stored] = await ctx.sql((sql) => sql.query<{ offer: unknown }>(`SELECT offer FROM "Arm" WHERE "testId" = $1 AND position = 1`, [created.body.id]));
    expect(stored?.offer).toEqual({ k: "price", by: "percent", prices: { "gid://shopify/ProductVariant/44810745389307": 15, "gid://shopify/ProductVariant/44810745389308": 15 } });
    expect((await editorData(SHOP_A, created.body.id!)).values.arms[1]).toMatchObject({ offer: { kind: "percentPrice", value: "15", variants: "44810745389307, 44810745389308" } });
  });

  it("asks the live theme's template files from the Admin API", async () => {
    const shop = "svc-editor-templates.myshopify.com";
    const data = await editorOf(shop);
    const [live] = ctx.admin.shop(shop).themes;
    expect(data.templates).toMatchObject({ source: "theme", themeName: live?.name });
    const [call] = ctx.admin.callsTo(shop, "theme").filter((c) => c.query.includes("SvcThemeTemplates"));
    expect(call?.variables).toEqual({ id: live?.id });
    expect(call?.query).toMatch(/files\(filenames: \["templates\/\*"\], first: 250\)/);
  });

  it("lists the live theme's alternate templates from the Admin API", async () => {
    const shop = "svc-editor-templates-list.myshopify.com";
    await editorOf(shop);
    const [live] = ctx.admin.shop(shop).themes;
    if (!live) throw new Error("the fake shop has no theme");
    Object.assign(live.files, {
      "templates/product.json": "{}",
      "templates/product.b-side.json": "{}",
      "templates/collection.b-side.liquid": "",
      "templates/page.landing.json": "{}",
    });
    const data = await editorOf(shop);
    expect(data.templates).toEqual({
      source: "theme",
      themeName: live.name,
      choices: [
        { suffix: "b-side", types: ["collection", "product"] },
        { suffix: "landing", types: ["page"] },
      ],
    });
  });

  it("says the templates could not be listed, and still serves the editor, when the Admin API fails", async () => {
    const shop = "svc-editor-templates-down.myshopify.com";
    await editorOf(shop);
    ctx.admin.shop(shop).failGraphqlWith = 500;
    const data = await editorOf(shop);
    expect(data.templates).toEqual({ source: "unavailable" });
    expect(ctx.server.output()).toContain(`[svc] could not list the theme templates of ${shop}`);
  });
});
