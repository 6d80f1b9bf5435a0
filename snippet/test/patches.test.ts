import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Assignment } from "../../app/wire/patches";
import { applyToElement, isRoot, showArms } from "../src/patches";

beforeEach(() => {
  document.body.innerHTML = '<h1 class="t small">Old</h1><a class="cta" target="_blank" href="/x">Buy</a>';
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

describe("showArms", () => {
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
    const stop = showArms([arm], () => {});
    stop();
    expect(document.documentElement.className).not.toContain("hacked");
    expect(document.body.className).not.toContain("hacked");
    expect(document.documentElement.hasAttribute("data-svc")).toBe(false);
    expect(document.body.hasAttribute("data-svc")).toBe(false);
    expect(document.head.hasAttribute("data-svc")).toBe(false);
    expect(document.querySelector("h1")!.className).toContain("hacked");
    expect(isRoot(document.body)).toBe(true);
  });
  it("calls onShown at once without `when`, and once `when` matches otherwise", async () => {
    const shown = vi.fn();
    const now: Assignment = { test: "a", arm: "x", pages: ["*"] };
    const later: Assignment = { test: "b", arm: "y", pages: ["*"], when: "#late" };
    const stop = showArms([now, later], shown);
    expect(shown.mock.calls).toEqual([[now]]);
    const el = document.createElement("div");
    el.id = "late";
    document.body.append(el);
    await vi.waitFor(() => expect(shown).toHaveBeenCalledTimes(2));
    expect(shown.mock.calls[1]).toEqual([later]);
    stop();
  });
  it("patches elements that appear later, once each", async () => {
    const arm: Assignment = { test: "t", arm: "b", pages: ["*"], patches: [{ op: "text", sel: ".late", value: "patched" }] };
    const stop = showArms([arm], () => {});
    const p = document.createElement("p");
    p.className = "late";
    p.textContent = "original";
    document.body.append(p);
    await vi.waitFor(() => expect(p.textContent).toBe("patched"));
    stop();
  });
});
