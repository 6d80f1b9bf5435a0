import { beforeEach, describe, expect, it, vi } from "vitest";
import { HIDE_TIMEOUT_MS } from "../../app/wire/hide";

// flicker.ts keeps per-page state (when hiding began, whether it was revealed): a fresh module per test.
const load = async () => {
  vi.resetModules();
  return import("../src/flicker");
};
const hiding = () => [...document.querySelectorAll<HTMLStyleElement>("style[data-svc-hide]")];

beforeEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = '<h1 id="t">Title</h1>';
});

describe("reveal", () => {
  it("turns every hiding style off through the element, removing none", async () => {
    document.head.innerHTML = "<style data-svc-hide>#t{opacity:0}</style><style data-svc-hide>p{opacity:0}</style><style>h1{color:red}</style>";
    const { reveal } = await load();
    reveal();
    expect(hiding()).toHaveLength(2);
    expect(hiding().map((s) => s.disabled)).toEqual([true, true]);
    expect(document.head.querySelector<HTMLStyleElement>("style:not([data-svc-hide])")!.disabled).toBe(false);
  });
  it("turns the first-visit helper's hiding sheet (a link) off the same way, and counts it as hiding", async () => {
    // No href: happy-dom loads no sheet. What `disabled` does to a real link: tests/browser/first-visit-helper.test.ts.
    document.head.innerHTML = '<link rel="stylesheet" data-svc-hide><link rel="stylesheet">';
    const m = await load();
    const spy = vi.spyOn(performance, "now").mockReturnValue(120);
    expect(m.msHidden()).toBe(120);
    m.reveal();
    const links = [...document.head.querySelectorAll("link")];
    expect(links.map((l) => !!l.disabled)).toEqual([true, false]);
    expect(m.msHidden()).toBeUndefined();
    spy.mockRestore();
  });
  it("leaves alone a page's own element in body carrying the attribute: it neither hides nor is disabled", async () => {
    document.body.innerHTML = '<h1 id="t">Title</h1><button data-svc-hide>Buy</button><fieldset data-svc-hide></fieldset>';
    const m = await load();
    expect(m.msHidden()).toBe(0);
    m.reveal();
    expect(document.querySelector("button")!.disabled).toBe(false);
    expect(document.querySelector("fieldset")!.disabled).toBe(false);
  });
  it("msHidden: 0 without a hiding style, the time so far while hidden, undefined once revealed", async () => {
    let m = await load();
    expect(m.msHidden()).toBe(0);
    document.head.innerHTML = "<style data-svc-hide>#t{opacity:0}</style>";
    m = await load();
    // The page's style hides from navigation start (performance.now() 0).
    const spy = vi.spyOn(performance, "now").mockReturnValue(200);
    expect(m.msHidden()).toBe(200);
    m.reveal();
    expect(m.msHidden()).toBeUndefined();
    spy.mockRestore();
  });
  it(`msHidden: undefined once ${HIDE_TIMEOUT_MS} ms have passed since the hiding began`, async () => {
    document.head.innerHTML = "<style data-svc-hide>#t{opacity:0}</style>";
    const m = await load();
    const spy = vi.spyOn(performance, "now").mockReturnValue(HIDE_TIMEOUT_MS);
    expect(m.msHidden()).toBeUndefined();
    spy.mockRestore();
  });
});

describe("reveal while consent is still to come", () => {
  it("turns hiding off, and a consent given later on this pageview may still apply (msHidden 0), even past the timeout", async () => {
    document.head.innerHTML = "<style data-svc-hide>#t{opacity:0}</style>";
    const m = await load();
    m.reveal(true);
    expect(hiding().map((s) => s.disabled)).toEqual([true]);
    const spy = vi.spyOn(performance, "now").mockReturnValue(HIDE_TIMEOUT_MS * 5);
    expect(m.msHidden()).toBe(0);
    spy.mockRestore();
  });

  it("marks the wait for the shopper as theirs even when nothing hid, and only a reveal for consent does", async () => {
    let m = await load();
    expect(m.waived).toBe(false);
    m.reveal(true);
    // main.ts times the arm from the consent on: the wait for the shopper's answer is not svc's cost.
    expect(m.waived).toBe(true);
    document.head.innerHTML = "<style data-svc-hide>#t{opacity:0}</style>";
    m = await load();
    m.reveal();
    expect(m.waived).toBe(false);
  });

  it("counts hiding again after a consent as svc's own: from when it began, not 0", async () => {
    const m = await load();
    m.reveal(true);
    const spy = vi.spyOn(performance, "now").mockReturnValue(6000);
    m.hideWhileLoading(["#t"]);
    expect(m.waived).toBe(false);
    spy.mockReturnValue(6000 + 250);
    expect(m.msHidden()).toBe(250);
    spy.mockRestore();
  });
});

describe("hideWhileLoading", () => {
  it("adds one hiding style with the contract's CSS, counted from when it was added", async () => {
    const m = await load();
    const spy = vi.spyOn(performance, "now").mockReturnValue(5000);
    m.hideWhileLoading(["#t", ".promo"]);
    expect(hiding()).toHaveLength(1);
    expect(hiding()[0]!.textContent).toContain(":is(#t,.promo):not(html,head,body)");
    spy.mockReturnValue(5000 + 300);
    expect(m.msHidden()).toBe(300);
    spy.mockRestore();
  });
  it("adds nothing when the page already hides, or when there is nothing to hide", async () => {
    const m = await load();
    m.hideWhileLoading([]);
    expect(hiding()).toHaveLength(0);
    document.head.innerHTML = "<style data-svc-hide>#t{opacity:0}</style>";
    m.hideWhileLoading(["#t"]);
    expect(hiding()).toHaveLength(1);
  });
});
