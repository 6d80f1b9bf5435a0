// The visual editor end to end in Chromium (local demo, real server and database): from a draft test's
// "Edit on the storefront" in the admin, edit the demo storefront's headline and paragraph, undo, save;
// the arm's patches are stored and a preview link shows them. An expired or forged token loads no editor
// and saves nothing, and the editor never writes an attribute on html, head or body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { editorKeyFrom, signEditorToken } from "~/domain/links/editor-token";
import { previewKeyFrom } from "~/domain/links/preview-token";
import type { EditorSession } from "~/wire/editor";
import { DEMO_ARM_IDS, DEMO_SHOPIFY_ARM_IDS, DEMO_SHOPIFY_SITE_ID, DEMO_SHOPIFY_TEST_ID, DEMO_SITE_ID, DEMO_TEST_ID } from "~/demo/constants";
import { saveScreenshot } from "../support/browser";
import { databaseKinds } from "../support/databases";
import { useDemoInChromium } from "../support/demo-in-chromium";
import { seedTest } from "../support/seed";

const SECRET = "visual-editor-browser-test-secret-0123456789";
const TEST_ID = "ve-draft";
const ARM_B = `${TEST_ID}-b`;
/** A draft that is started while its editor is open. */
const STARTED_ID = "ve-started";
const ORIGINAL_HEADLINE = "Handmade ceramics for everyday use";
const EDITED = "Mugs you will reach for first, made by hand";
const kind = databaseKinds.includes("postgres") ? "postgres" : "pglite";

/** Runs in every page of the context before its own scripts: records attribute writes on html, head and body. */
function recordRootWrites() {
  const w = window as any;
  w.__rootWrites = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const t = r.target;
      if (t === document.documentElement || t === document.head || t === document.body) w.__rootWrites.push(`${(t as Element).localName}[${r.attributeName}]`);
    }
  }).observe(document, { attributes: true, subtree: true });
}

describe(`visual editor on the demo storefront (${kind})`, () => {
  // Two drafts on the demo site with an untouched Variant B: one to edit, one started while its editor is open.
  const demo = useDemoInChromium(kind, {
    env: { SVC_PREVIEW_SECRET: SECRET },
    async seed(sql) {
      await seedTest(sql, { id: TEST_ID, site: DEMO_SITE_ID, name: "Warmer headline", pages: ["/demo"] });
      await seedTest(sql, { id: STARTED_ID, site: DEMO_SITE_ID, name: "Started meanwhile", pages: ["/demo"], goals: ["signup"] });
    },
  });
  let context: BrowserContext;
  const key = editorKeyFrom(previewKeyFrom(SECRET));
  const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
  /**
   * An arm's patches as the running server has them stored, read through the editor's own session endpoint
   * with a fresh token (an embedded database admits one process at a time, so not from here).
   */
  const session = async (test: string, arm: string, site: string): Promise<EditorSession> => {
    const token = signEditorToken(key, { site, test, arm, exp: inAnHour() });
    const res = await fetch(`${demo.server.url}/api/editor/session?token=${token}`);
    expect(res.status).toBe(200);
    return (await res.json()) as EditorSession;
  };
  const armPatches = async (test = TEST_ID, arm = ARM_B, site = DEMO_SITE_ID): Promise<unknown> =>
    (await session(test, arm, site)).arms.find((a) => a.id === arm)?.patches;
  const testStatus = async (test: string) => (await session(test, `${test}-b`, DEMO_SITE_ID)).test.status;

  beforeAll(async () => {
    context = await demo.browser.newContext();
    await context.addInitScript(recordRootWrites);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("opens from the admin, edits live with undo and redo, switches arms, saves, and a preview shows the change", async () => {
    const admin = await context.newPage();
    await admin.goto(`${demo.server.url}/app/tests/${TEST_ID}/edit`, { waitUntil: "networkidle" });
    await admin.getByRole("button", { name: "Edit Variant B on the storefront" }).click();
    await expect(admin.getByLabel("Page to edit Variant B on").inputValue()).resolves.toBe(`${demo.server.url}/demo`);
    const [store] = await Promise.all([context.waitForEvent("page"), admin.getByRole("button", { name: "Open the editor" }).click()]);
    // What the page shows as broken: uncaught errors and failed requests (the browser's own favicon request aside).
    const problems: string[] = [];
    store.on("pageerror", (error) => problems.push(error.message));
    store.on("response", (res) => {
      if (res.status() >= 400 && new URL(res.url()).pathname !== "/favicon.ico") problems.push(`${res.status()} ${res.url()}`);
    });
    await store.waitForURL(/\/demo#svc-editor=/);
    const panel = store.getByRole("complementary", { name: "svc visual editor" });
    await panel.waitFor();
    // The editor's one node in the page's tree is its host, a child of body.
    expect(await store.evaluate(() => [...document.querySelectorAll("svc-editor")].map((e) => e.parentElement === document.body))).toEqual([true]);

    // Hovering outlines the element with a box drawn in the editor's shadow root, not on the element.
    await store.locator("#lede").hover();
    await store.waitForFunction(() => {
      const box = document.querySelector("svc-editor")?.shadowRoot?.querySelector<HTMLElement>(".box.hover");
      const lede = document.getElementById("lede")!.getBoundingClientRect();
      const r = box && !box.hidden ? box.getBoundingClientRect() : null;
      return !!r && Math.abs(r.top - lede.top) < 1 && Math.abs(r.width - lede.width) < 1;
    });
    await expect(store.locator("#lede").evaluate((el) => el.getAttributeNames())).resolves.toEqual(["id"]);

    // Select mode is on: a click selects the headline (the page's own click handling stays out of it).
    await store.locator("#headline").click();
    await expect(panel.getByLabel("Selector").inputValue()).resolves.toBe("#headline");
    await panel.getByText("Matches 1 element on this page.").waitFor();
    await panel.getByLabel("New text").fill(EDITED);
    await panel.getByRole("button", { name: "Apply", exact: true }).click();
    await store.waitForFunction((text) => document.querySelector("#headline")?.textContent === text, EDITED);

    // In select mode the page's own handlers do not run: the sign-up button is selected, the form not sent.
    await store.locator("button.cta").click();
    await expect(panel.getByLabel("Selector").inputValue()).resolves.toBe(".cta");
    await expect(store.locator("output").textContent()).resolves.toBe("");

    await store.locator("#lede").click();
    await expect(panel.getByLabel("Selector").inputValue()).resolves.toBe("#lede");
    await panel.getByLabel("Change", { exact: true }).selectOption("hide");
    await panel.getByRole("button", { name: "Hide", exact: true }).click();
    await expect(store.locator("#lede").isVisible()).resolves.toBe(false);
    const changes = panel.getByRole("list", { name: "Changes" }).getByRole("listitem");
    await expect(changes.count()).resolves.toBe(2);
    await saveScreenshot(store, "visual-editor");

    // Undo (Ctrl+Z with focus in the panel), redo (Shift+Ctrl+Z), undo again (the button): the hide is gone.
    await panel.getByRole("button", { name: "Undo" }).focus();
    await store.keyboard.press("Control+z");
    await expect(store.locator("#lede").isVisible()).resolves.toBe(true);
    await store.keyboard.press("Shift+Control+z");
    await expect(store.locator("#lede").isVisible()).resolves.toBe(false);
    await panel.getByRole("button", { name: "Undo" }).click();
    await expect(store.locator("#lede").isVisible()).resolves.toBe(true);
    await expect(store.locator("#headline").textContent()).resolves.toBe(EDITED);
    await expect(changes.count()).resolves.toBe(1);

    // The control shows the original page, read only; back on Variant B its changes are shown again.
    await panel.getByLabel("Arm").selectOption({ label: "Original (control)" });
    await expect(store.locator("#headline").textContent()).resolves.toBe(ORIGINAL_HEADLINE);
    await panel.getByText(/read only: this link edits "Variant B"/).waitFor();
    await expect(panel.getByRole("button", { name: "Save" }).isDisabled()).resolves.toBe(true);
    await panel.getByLabel("Arm").selectOption({ label: "Variant B · editing" });
    await expect(store.locator("#headline").textContent()).resolves.toBe(EDITED);

    // Nothing saved yet; Save stores exactly the arm's list.
    expect(await armPatches()).toEqual([]);
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.getByText("Saved.", { exact: false }).waitFor();
    expect(await armPatches()).toEqual([{ op: "text", sel: "#headline", value: EDITED }]);
    // The admin's form shows what the editor saved.
    await admin.reload({ waitUntil: "networkidle" });
    await expect(admin.getByLabel("New text").inputValue()).resolves.toBe(EDITED);
    await expect(admin.getByLabel("CSS selector").inputValue()).resolves.toBe("#headline");
    expect(await store.evaluate(() => (window as any).__rootWrites)).toEqual([]);
    expect(problems).toEqual([]);

    // Escape leaves select mode: the page's own click handling is back.
    await store.keyboard.press("Escape");
    await expect(panel.getByRole("button", { name: "Select an element" }).getAttribute("aria-pressed")).resolves.toBe("false");
    await store.getByLabel("Email").fill("merchant@example.com");
    await store.locator("button.cta").click();
    await expect(store.locator("output").textContent()).resolves.toContain("Thanks");

    // The admin's preview link of Variant B shows the saved headline to a visitor's browser.
    const { links } = (await (await fetch(`${demo.server.url}/app/tests/${TEST_ID}/preview`)).json()) as { links: { key: string; url: string }[] };
    const previewContext = await demo.browser.newContext();
    const visitor = await previewContext.newPage();
    await visitor.goto(links.find((l) => l.key === "b")!.url);
    await visitor.getByRole("button", { name: "Allow" }).click();
    await visitor.waitForFunction((text) => document.querySelector("#headline")?.textContent === text, EDITED, { timeout: 10_000 });
    await expect(visitor.locator("#lede").isVisible()).resolves.toBe(true);
    await previewContext.close();
    await store.close();
    await admin.close();
  });

  it("shows the server's refusal next to the patch it names, and stores nothing", async () => {
    const before = await armPatches();
    const token = signEditorToken(key, { site: DEMO_SITE_ID, test: TEST_ID, arm: ARM_B, exp: inAnHour() });
    const page = await context.newPage();
    await page.goto(`${demo.server.url}/demo#svc-editor=${token}`);
    const panel = page.getByRole("complementary", { name: "svc visual editor" });
    await panel.waitFor();
    // An HTML edit is sanitized by Chromium's own parser before it becomes a patch: nothing of it runs.
    await page.locator("body > header > strong").click();
    await panel.getByLabel("Change", { exact: true }).selectOption("html");
    await panel.getByLabel("New HTML").fill('<em onclick="window.__ran=1">Our</em> studio<script>window.__ran=2</script><img src="/nothing.png" onerror="window.__ran=3">');
    await panel.getByRole("button", { name: "Apply", exact: true }).click();
    await panel.getByText("Removed for safety: onclick, <script>, onerror").waitFor();
    await expect(page.locator("body > header > strong").innerHTML()).resolves.toBe('<em>Our</em> studio<img src="/nothing.png">');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as any).__ran)).toBeUndefined();

    await page.locator("#lede").click();
    await panel.getByLabel("Change", { exact: true }).selectOption("text");
    // Longer than patch-shape allows a text patch to be (10 000 characters).
    await panel.getByLabel("New text").fill("x".repeat(10_001));
    await panel.getByRole("button", { name: "Apply", exact: true }).click();
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.getByText("Not saved:").waitFor();
    const refused = panel.getByRole("list", { name: "Changes" }).getByRole("listitem").filter({ hasText: "Text of #lede" });
    await expect(refused.locator(".error").textContent()).resolves.toMatch(/^value: /);
    expect(await armPatches()).toEqual(before);
    // Unsaved changes: leaving asks first.
    const asked = new Promise<string>((resolve) => page.once("dialog", (d) => void d.accept().then(() => resolve(d.type()))));
    await page.goto("about:blank");
    await expect(asked).resolves.toBe("beforeunload");
    await page.close();
  });

  it("opens a running test read only, and its save is refused as in the admin", async () => {
    const arm = DEMO_ARM_IDS[1];
    const before = await armPatches(DEMO_TEST_ID, arm);
    const token = signEditorToken(key, { site: DEMO_SITE_ID, test: DEMO_TEST_ID, arm, exp: inAnHour() });
    const page = await context.newPage();
    await page.goto(`${demo.server.url}/demo#svc-editor=${token}`);
    const panel = page.getByRole("complementary", { name: "svc visual editor" });
    await panel.getByText(/Read only: the test is running/).waitFor();
    await expect(panel.getByRole("button", { name: "Save" }).isDisabled()).resolves.toBe(true);
    await panel.getByText("Page CSS", { exact: true }).click();
    await expect(panel.getByRole("button", { name: "Apply CSS" }).isDisabled()).resolves.toBe(true);
    // The variant's saved patches are on the page, as a visitor of that arm gets them.
    expect(before).not.toEqual([]);
    await expect(panel.getByRole("list", { name: "Changes" }).getByRole("listitem").count()).resolves.toBe((before as unknown[]).length);
    const status = await page.evaluate(async (t) => {
      const res = await fetch(`/api/editor/patches?token=${t}`, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ patches: [] }) });
      return res.status;
    }, token);
    expect(status).toBe(409);
    expect(await armPatches(DEMO_TEST_ID, arm)).toEqual(before);
    expect(await page.evaluate(() => (window as any).__rootWrites)).toEqual([]);
    // The recorder does see a write on body (so its empty lists above mean something).
    await page.evaluate(() => document.body.setAttribute("data-probe", "1"));
    await expect(page.evaluate(() => (window as any).__rootWrites)).resolves.toEqual(["body[data-probe]"]);
    await page.close();
  });

  it("says why a save is refused when the test was started meanwhile, and turns read only", async () => {
    const arm = `${STARTED_ID}-b`;
    const token = signEditorToken(key, { site: DEMO_SITE_ID, test: STARTED_ID, arm, exp: inAnHour() });
    const page = await context.newPage();
    await page.goto(`${demo.server.url}/demo#svc-editor=${token}`);
    const panel = page.getByRole("complementary", { name: "svc visual editor" });
    await panel.waitFor();
    await page.locator("#lede").click();
    await panel.getByLabel("Change", { exact: true }).selectOption("hide");
    await panel.getByRole("button", { name: "Hide", exact: true }).click();
    // The merchant starts the test from the admin (another tab) before saving here.
    const started = await fetch(`${demo.server.url}/app/tests/${STARTED_ID}.data`, { method: "POST", body: new URLSearchParams({ intent: "start" }) });
    expect(started.status).toBe(200);
    expect(await testStatus(STARTED_ID)).toBe("running");
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.getByRole("status").getByText("Not saved:").waitFor();
    await panel.getByText(/^Read only: /).waitFor();
    await expect(panel.getByRole("button", { name: "Save" }).isDisabled()).resolves.toBe(true);
    expect(await armPatches(STARTED_ID, arm)).toEqual([]);
    await page.close();
  });

  it("works on the demo Shopify storefront, under its app embed, with the variant's saved patches shown", async () => {
    const arm = DEMO_SHOPIFY_ARM_IDS[1];
    const stored = (await armPatches(DEMO_SHOPIFY_TEST_ID, arm, DEMO_SHOPIFY_SITE_ID)) as { op: string; value?: string }[];
    const title = stored.find((p) => p.op === "text")?.value;
    expect(title).toBeTruthy();
    const token = signEditorToken(key, { site: DEMO_SHOPIFY_SITE_ID, test: DEMO_SHOPIFY_TEST_ID, arm, exp: inAnHour() });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${demo.server.url}/demo/shopify#svc-editor=${token}`);
    const panel = page.getByRole("complementary", { name: "svc visual editor" });
    await panel.waitFor();
    await page.waitForFunction((text) => document.getElementById("product-title")?.textContent === text, title);
    // No consent banner answered, no test run: the editor's pageview is the merchant's own.
    await page.locator("#price").click();
    await expect(panel.getByLabel("Selector").inputValue()).resolves.toBe("#price");
    expect(await page.evaluate(() => (window as any).__rootWrites)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("loads no editor and saves nothing with an expired or a forged token", async () => {
    const before = await armPatches();
    const claims = { site: DEMO_SITE_ID, test: TEST_ID, arm: ARM_B };
    const tokens = {
      expired: signEditorToken(key, { ...claims, exp: Math.floor(Date.now() / 1000) - 60 }),
      forged: signEditorToken(editorKeyFrom(previewKeyFrom("someone-else's-secret-0123456789abcdef")), { ...claims, exp: inAnHour() }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const page = await context.newPage();
      const editorJs: number[] = [];
      const api: string[] = [];
      page.on("response", (res) => {
        if (new URL(res.url()).pathname === "/editor.js") editorJs.push(res.status());
      });
      page.on("request", (req) => {
        if (new URL(req.url()).pathname.startsWith("/api/editor/")) api.push(req.url());
      });
      await page.goto(`${demo.server.url}/demo#svc-editor=${token}`, { waitUntil: "networkidle" });
      // The snippet asked for the editor, the app refused it, so nothing of it ran: no session asked for, no host.
      expect(editorJs.length, name).toBe(1);
      expect(editorJs[0], name).toBeGreaterThanOrEqual(400);
      expect(api, name).toEqual([]);
      await expect(page.locator("svc-editor").count()).resolves.toBe(0);
      await expect(page.locator("#headline").textContent()).resolves.toBe(ORIGINAL_HEADLINE);
      // A save with the token, from the storefront's own origin, is refused and writes nothing.
      const put = await page.evaluate(async (t) => {
        const res = await fetch(`/api/editor/patches?token=${t}`, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ patches: [{ op: "hide", sel: "#headline" }] }),
        });
        return { status: res.status, body: await res.json() };
      }, token);
      expect([401, 403], name).toContain(put.status);
      expect(put.body.type, name).toMatch(/editor-token-(expired|invalid)$/);
      expect(await page.evaluate(() => (window as any).__rootWrites)).toEqual([]);
      await page.close();
    }
    expect(await armPatches()).toEqual(before);
  });
});
