// window.svc in Chromium: convert never throws, idempotency, the queue stub, exposure guarding,
// batching and the 429 rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversionEvent, ExposureEvent } from "../../../app/wire/events";
import { sleep, startHarness, type Harness } from "./harness";
import { GRANTED, TITLE_TEST, events, hidePage, svcReady } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const conversions = (evs: Awaited<ReturnType<typeof events>>) =>
  evs.filter((e): e is ConversionEvent => e.type === "conversion").map((e) => [e.goal, e.value]);

describe("window.svc.convert", () => {
  it("returns undefined and never throws, whatever it is given", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    const results = await t.page.evaluate(() => {
      const svc = (window as any).svc;
      const throwing = new Proxy({}, { get() { throw new Error("trap"); }, has() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } });
      const getter = { get goal() { throw new Error("getter"); }, toString() { throw new Error("toString"); }, valueOf() { throw new Error("valueOf"); } };
      const { proxy: revoked, revoke } = Proxy.revocable({}, {});
      revoke();
      const circular: any = {};
      circular.self = circular;
      const args: unknown[][] = [
        [], [undefined], [null, null], [{}], [[]], [NaN], [Infinity], ["x".repeat(5_000_000)], [Symbol("s")],
        [Symbol("s"), Symbol("v")], [getter], [getter, getter], [throwing, throwing], [revoked, revoked], [circular, circular],
        [() => 1], [10n], ["goal", NaN], ["goal", "12.5"], ["goal", -Infinity], ["goal", 1e300], ["goal", {}],
        ["a\u0000b"], [Object.create(null)], [new Date(), new Date()], ["ok", 5, "extra", {}],
      ];
      const out: string[] = [];
      for (const a of args) {
        try {
          out.push(String(svc.convert(...a)));
        } catch (e) {
          out.push("threw " + String(e));
        }
      }
      const detached = svc.convert;
      out.push(String(detached("detached")));
      out.push(String(svc.convert.call(throwing, "bound")));
      out.push(String(Object.isFrozen(svc)));
      try {
        svc.convert = () => 1;
      } catch {
        // strict-mode assignment to a frozen object's property
      }
      out.push(String(svc.convert("after-overwrite-attempt") === undefined));
      return out;
    });
    expect(results.filter((r) => r !== "undefined")).toEqual(["true", "true"]);
    expect(t.errors).toEqual([]);
    // Only the usable calls became conversions: defaults, values dropped when unusable, dedupe.
    expect(conversions(await events(t))).toEqual([
      ["conversion", undefined],
      ["goal", undefined],
      ["ok", 5],
      ["detached", undefined],
      ["bound", undefined],
      ["after-overwrite-attempt", undefined],
    ]);
    await t.context.close();
  });

  it("counts the same convert(goal, value) once within the idempotency window", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    await t.page.evaluate(() => {
      const svc = (window as any).svc;
      svc.convert("purchase", 10);
      svc.convert("purchase", 10);
      svc.convert("purchase", 20);
      svc.convert("purchase");
      svc.convert("purchase");
    });
    const evs = await events(t);
    expect(conversions(evs)).toEqual([
      ["purchase", 10],
      ["purchase", 20],
      ["purchase", undefined],
    ]);
    const ids = evs.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    await t.context.close();
  });

  it("replays calls queued in the stub before the snippet loaded", async () => {
    const stub = `window.svc = window.svc || { q: [], convert: function () { window.svc.q.push(arguments); } };
      window.svc.convert("early-signup"); window.svc.convert("early-purchase", 42);`;
    const t = await h.newPage({ init: [stub], api: { patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await t.page.waitForFunction(() => Object.isFrozen((window as any).svc));
    expect(conversions(await events(t))).toEqual([
      ["early-signup", undefined],
      ["early-purchase", 42],
    ]);
    await t.context.close();
  });
});

describe("window.svc.exposure", () => {
  it("drops unknown tests and arms client-side", async () => {
    const t = await h.newPage({ api: { patches: { ...TITLE_TEST, tests: [...TITLE_TEST.tests, { test: "t_later", arm: "control", pages: ["*"], when: "#never" }] } } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    await t.page.evaluate(() => {
      const svc = (window as any).svc;
      svc.exposure("t_made_up", "b");
      svc.exposure("t_title", "made_up_arm");
      svc.exposure("t_later", "b");
      svc.exposure({ toString: () => "t_title" }, "b");
      svc.exposure();
      svc.exposure("t_later", "control"); // a real assignment on this page: recorded once
    });
    const ex = (await events(t)).filter((e): e is ExposureEvent => e.type === "exposure");
    expect(ex.map((e) => `${e.test}/${e.arm}`).sort()).toEqual(["t_later/control", "t_title/b"]);
    await t.context.close();
  });
});

describe("batching", () => {
  it("sends one batch for a burst, and flushes with sendBeacon when the page goes away", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    for (let i = 0; i < 3; i++) await t.page.click("#buy");
    await sleep(2300);
    expect(t.api("/api/events")).toHaveLength(1);
    const batch = t.batches()[0]!;
    expect(batch.events.map((e) => e.type)).toEqual(["pageview", "exposure", "click", "click", "click"]);
    expect(batch.events[2]).toMatchObject({ el: { tag: "button", id: "buy", sel: "button#buy" } });
    await t.page.click("#title"); // not interactive: not recorded
    await t.page.evaluate(() => (window as any).svc.convert("leaving"));
    await t.page.click("a.cta"); // navigates away: pagehide flush
    await t.page.waitForURL(/other\.html/);
    await sleep(300);
    const second = t.batches()[1]!;
    expect(second.events.map((e) => e.type)).toEqual(["conversion", "click"]);
    expect(second.events[1]).toMatchObject({ el: { tag: "a", href: `${h.siteOrigin}/pages/other.html` } });
    await t.context.close();
  });

  it("drops a batch answered 429 and keeps going, without retry loops", async () => {
    const t = await h.newPage({ api: { patches: TITLE_TEST, events: { fault: "status", status: 429 } } });
    await t.page.goto(t.url("basic.html", GRANTED));
    await svcReady(t.page);
    await hidePage(t.page);
    await sleep(300);
    await t.page.evaluate(() => (window as any).svc.convert("after-429"));
    await sleep(2500);
    expect(t.api("/api/events")).toHaveLength(2);
    expect(t.batches()[1]!.events.map((e) => e.type)).toEqual(["conversion"]);
    await t.context.close();
  });
});
