import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Assignment } from "../../app/wire/patches";
import { applyToElement, isRoot, showArm } from "../src/patches";

const ORIGINAL =
  '<h1 class="t small" style="color: blue">Old <em>title</em></h1><a class="cta" target="_blank" href="/x">Buy</a><p class="banner">Banner</p>';

beforeEach(() => {
  document.head.querySelectorAll("style").forEach((s) => s.remove());
  document.body.innerHTML = ORIGINAL;
  document.body.removeAttribute("class");
});

describe("applyToElement", () => {
  it("applies each element operation", () => {
    const h1 = document.querySelector("h1")!;
    const a = document.querySelector("a")!;
    applyToElement({ op: "text", sel: "h1", value: "<New>" }, h1);
    expect(h1.textContent).toBe("<New>");
    applyToElement({ op: "html", sel: "h1", value: "<em>New</em>" }, h1);
    expect(h1.innerHTML).toBe("<em>New</em>");
    applyToElement({ op: "attr", sel: "a", name: "data-x", value: "1" }, a);
    applyToElement({ op: "attr", sel: "a", name: "target", value: null }, a);
    expect(a.getAttribute("data-x")).toBe("1");
    expect(a.hasAttribute("target")).toBe(false);
    applyToElement({ op: "class", sel: "h1", add: ["big"], remove: ["small"] }, h1);
    expect(h1.className).toBe("t big");
    applyToElement({ op: "style", sel: "a", props: { color: "red" } }, a);
    expect(a.style.color).toBe("red");
  });
});

describe("undo of each operation", () => {
  it("text and html: the very same child nodes come back", () => {
    const h1 = document.querySelector("h1")!;
    const em = h1.querySelector("em")!;
    for (const p of [
      { op: "text", sel: "h1", value: "New" },
      { op: "html", sel: "h1", value: "<b>New</b>" },
    ] as const) {
      const undo = applyToElement(p, h1);
      expect(h1.querySelector("em")).toBeNull();
      undo();
      expect(h1.innerHTML).toBe("Old <em>title</em>");
      expect(h1.querySelector("em")).toBe(em);
    }
  });
  it("attr: a changed value, an added and a removed attribute are restored", () => {
    const a = document.querySelector("a")!;
    const undos = [
      applyToElement({ op: "attr", sel: "a", name: "href", value: "/y" }, a),
      applyToElement({ op: "attr", sel: "a", name: "data-new", value: "1" }, a),
      applyToElement({ op: "attr", sel: "a", name: "target", value: null }, a),
    ];
    expect(a.outerHTML).toBe('<a class="cta" href="/y" data-new="1">Buy</a>');
    for (const u of undos.reverse()) u();
    expect(a.getAttribute("href")).toBe("/x");
    expect(a.hasAttribute("data-new")).toBe(false);
    expect(a.getAttribute("target")).toBe("_blank");
  });
  it("class: the class attribute is back as it was, and absent stays absent", () => {
    const h1 = document.querySelector("h1")!;
    const undo = applyToElement({ op: "class", sel: "h1", add: ["big"], remove: ["small", "t"] }, h1);
    expect(h1.className).toBe("big");
    undo();
    expect(h1.getAttribute("class")).toBe("t small");
    const p = document.querySelector("p")!;
    p.removeAttribute("class");
    applyToElement({ op: "class", sel: "p", add: ["x"] }, p)();
    expect(p.hasAttribute("class")).toBe(false);
  });
  it("style: the inline style attribute is back as it was, and absent stays absent", () => {
    const h1 = document.querySelector("h1")!;
    const undo = applyToElement({ op: "style", sel: "h1", props: { color: "red", "font-size": "40px" } }, h1);
    expect(h1.style.fontSize).toBe("40px");
    undo();
    expect(h1.getAttribute("style")).toBe("color: blue");
    const a = document.querySelector("a")!;
    applyToElement({ op: "style", sel: "a", props: { color: "red" } }, a)();
    expect(a.hasAttribute("style")).toBe(false);
  });
});

describe("showArm", () => {
  it("never changes html, head or body, even when a selector matches them", () => {
    const arm: Assignment = {
      test: "t",
      arm: "b",
      pages: ["*"],
      patches: [
        { op: "class", sel: "html, body, head, h1", add: ["hacked"] },
        { op: "attr", sel: "*", name: "data-svc", value: "1" },
      ],
    };
    const undo = showArm(arm, () => {});
    expect(document.documentElement.className).not.toContain("hacked");
    expect(document.body.className).not.toContain("hacked");
    expect(document.documentElement.hasAttribute("data-svc")).toBe(false);
    expect(document.body.hasAttribute("data-svc")).toBe(false);
    expect(document.head.hasAttribute("data-svc")).toBe(false);
    expect(document.querySelector("h1")!.className).toContain("hacked");
    expect(isRoot(document.body)).toBe(true);
    undo();
  });
  it("undoes a whole arm: every element patch in reverse order, its css and hide sheets removed", () => {
    const arm: Assignment = {
      test: "t",
      arm: "b",
      pages: ["*"],
      patches: [
        { op: "html", sel: "h1", value: '<span class="s">New</span>' },
        { op: "text", sel: "h1 .s", value: "Newer" },
        { op: "class", sel: "h1", add: ["big"] },
        { op: "attr", sel: "a", name: "href", value: "/b" },
        { op: "style", sel: "a", props: { color: "red" } },
        { op: "css", value: ".cta{font-weight:bold}" },
        { op: "hide", sel: ".banner" },
      ],
    };
    const undo = showArm(arm, () => {});
    expect(document.body.innerHTML).not.toBe(ORIGINAL);
    expect(document.head.querySelectorAll("style")).toHaveLength(2);
    undo();
    expect(document.body.innerHTML).toBe(ORIGINAL);
    expect(document.head.querySelectorAll("style")).toHaveLength(0);
  });
  it("calls onShown at once without `when`, and once `when` matches otherwise", async () => {
    const shown = vi.fn();
    const now: Assignment = { test: "a", arm: "x", pages: ["*"] };
    const later: Assignment = { test: "b", arm: "y", pages: ["*"], when: "#late" };
    const undos = [showArm(now, shown), showArm(later, shown)];
    expect(shown.mock.calls).toEqual([[now]]);
    const el = document.createElement("div");
    el.id = "late";
    document.body.append(el);
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(2));
    expect(shown.mock.calls[1]).toEqual([later]);
    for (const u of undos) u();
  });
  it("patches elements that appear later, once each, and stops after its undo", async () => {
    const arm: Assignment = { test: "t", arm: "b", pages: ["*"], patches: [{ op: "text", sel: ".late", value: "patched" }] };
    const undo = showArm(arm, () => {});
    const p = document.createElement("p");
    p.className = "late";
    p.textContent = "original";
    document.body.append(p);
    await vi.waitFor(() => expect(p.textContent).toBe("patched"));
    undo();
    expect(p.textContent).toBe("original");
    const q = document.createElement("p");
    q.className = "late";
    q.textContent = "after";
    document.body.append(q);
    await new Promise((r) => setTimeout(r, 20));
    expect(q.textContent).toBe("after");
  });
});
