// The snippet bench's tests: one running test of exactly three changes on each demo page (the Shopify
// storefront and the plain page), seeded beside the demo's own tests, and visitor ids that land in the
// wanted arm of the bench's test and in the control of every other test on the page, found by asking
// the server's public /api/patches as the snippet does.
import { randomBytes } from "node:crypto";
import { runSql } from "../bench-seed.mjs";

const GREEN = "rgb(10, 125, 50)";

/** The page kinds svc serves, each with its three changes (text, text, an inline style). */
export const SVC_PAGES = {
  shopify: {
    site: "demo-shopify",
    path: "/demo/shopify",
    changes: [
      { sel: "#product-title", text: "Stoneware mug, made to last" },
      { sel: "#price", text: "$20.00, free shipping today" },
      { sel: "#buy", prop: "backgroundColor", css: "background-color", value: GREEN },
    ],
  },
  plain: {
    site: "demo",
    path: "/demo",
    changes: [
      { sel: "#headline", text: "Ceramics you will use every day" },
      { sel: "#lede", text: "Mugs, bowls and plates from our studio, shipped free." },
      { sel: ".cta", prop: "backgroundColor", css: "background-color", value: GREEN },
    ],
  },
};

const testId = (kind) => `bench-flicker-${kind}`;
const sqlString = (s) => `'${s.replaceAll("'", "''")}'`;

/** The svc patches of a page's changes. */
export function svcPatches(changes) {
  return changes.map((c) => (c.text !== undefined ? { op: "text", sel: c.sel, value: c.text } : { op: "style", sel: c.sel, props: { [c.css]: c.value } }));
}

/** Adds the bench's tests to the demo's sites (the server must be stopped: PGlite admits one process). */
export function seedFlickerTests(database) {
  const statements = Object.entries(SVC_PAGES).map(([kind, page]) => {
    const id = testId(kind);
    const patches = sqlString(JSON.stringify(svcPatches(page.changes)));
    return `
      INSERT INTO "Test" (id, "siteId", name, status, pages, "trafficPercent", "startedAt", "updatedAt")
        SELECT '${id}', id, 'Bench: three changes', 'running'::"TestStatus", ARRAY['${page.path}'], 100, now(), now()
        FROM "Site" WHERE "publicId" = '${page.site}';
      INSERT INTO "Arm" (id, "testId", key, name, position, weight, patches) VALUES
        ('${id}-a', '${id}', 'control', 'Control', 0, 1, '[]'::jsonb),
        ('${id}-b', '${id}', 'b', 'Three changes', 1, 1, ${patches}::jsonb);
      INSERT INTO "Goal" (id, "testId", label, kind, "isPrimary") VALUES ('${id}-goal', '${id}', 'signup', 'custom'::"GoalKind", true);`;
  });
  return runSql(database, statements.join("\n"));
}

/**
 * A visitor id whose answer holds the bench test's `arm` ("control" or "variant") and no patch of any other
 * test: the demo's own tests then show their original, so the page changes by exactly the three changes.
 */
export async function visitorFor(svcUrl, kind, arm) {
  const page = SVC_PAGES[kind];
  const wanted = `${testId(kind)}-${arm === "variant" ? "b" : "a"}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    const vid = randomBytes(16).toString("hex");
    const query = new URLSearchParams({ site: page.site, vid, sid: randomBytes(16).toString("hex"), url: `${svcUrl}${page.path}` });
    const response = await fetch(`${svcUrl}/api/patches?${query}`);
    if (!response.ok) throw new Error(`/api/patches answered ${response.status}: ${await response.text()}`);
    const { tests } = await response.json();
    const mine = tests.find((t) => t.test === testId(kind));
    const others = tests.filter((t) => t !== mine);
    if (mine?.arm === wanted && others.every((t) => !t.patches?.length && !t.redirect)) return vid;
  }
  throw new Error(`no visitor found in arm ${wanted} of ${testId(kind)}`);
}
