import { beforeEach, describe, expect, it } from "vitest";
import textCases from "../../app/wire/rules/text.cases.json";
import { MAX_ELEMENT_ID_LENGTH } from "../../app/wire/limits";
import { isWireText } from "../../app/wire/rules/text";
import { describeElement, interactiveTarget, makeEvent, shortSelector } from "../src/events";

beforeEach(() => {
  document.body.innerHTML = `
    <nav id="main"><ul class="menu"><li class="item x:y"><a class="cta big extra" href="/products/shoe?email=a@b.c#top">Hi Jane</a></li></ul></nav>
    <a id="mail" href="mailto:jane@example.com">mail</a>
    <form><input id="pw" type="password" value="secret"><button type="submit" class="go">Pay</button></form>
    <p><span id="plain">text</span></p>`;
});

describe("describeElement", () => {
  it("describes structure, never text, query or typed values", () => {
    const a = document.querySelector("a.cta")!;
    const d = describeElement(a);
    expect(d).toEqual({
      tag: "a",
      sel: "ul.menu > li.item > a.cta.big",
      href: `${location.origin}/products/shoe`,
    });
    expect(JSON.stringify(d)).not.toMatch(/Jane|email|a@b/);
  });
  it("keeps only the scheme of non-web links", () => {
    expect(describeElement(document.querySelector("#mail")!)).toEqual({ tag: "a", id: "mail", sel: "a#mail", href: "mailto:" });
  });
  it("leaves out an id with control characters", () => {
    document.body.innerHTML = '<button id="a&#9;b">x</button>';
    expect(describeElement(document.querySelector("button")!)).toEqual({ tag: "button", sel: "button" });
  });
  // The server's wire-text rule (app/wire/rules/text.cases.json): an id the server would refuse is left out.
  it.each(textCases.valid)("keeps the id %j", (id) => {
    document.body.innerHTML = "<button>x</button>";
    document.querySelector("button")!.setAttribute("id", id);
    expect(describeElement(document.querySelector("button")!).id).toBe(id);
  });
  it.each(textCases.invalid.filter((id) => !isWireText(id, MAX_ELEMENT_ID_LENGTH)))("leaves out the id %j", (id) => {
    document.body.innerHTML = "<button>x</button>";
    document.querySelector("button")!.setAttribute("id", id);
    expect(describeElement(document.querySelector("button")!)).toEqual({ tag: "button", sel: "button" });
  });
  it("leaves out an id whose cut splits a surrogate pair", () => {
    document.body.innerHTML = "<button>x</button>";
    document.querySelector("button")!.setAttribute("id", "i".repeat(MAX_ELEMENT_ID_LENGTH - 1) + "🎉");
    expect(describeElement(document.querySelector("button")!).id).toBeUndefined();
  });
  it("stops the selector at an id", () => {
    document.body.innerHTML = '<div id="top"><div><button>x</button></div></div>';
    expect(shortSelector(document.querySelector("button")!)).toBe("div#top > div > button");
  });
});

describe("interactiveTarget", () => {
  it("finds the link or button around the click, and ignores the rest", () => {
    const span = document.createElement("span");
    document.querySelector("a.cta")!.append(span);
    expect(interactiveTarget(span)).toBe(document.querySelector("a.cta"));
    expect(interactiveTarget(document.querySelector("button.go"))).toBe(document.querySelector("button.go"));
    expect(interactiveTarget(document.querySelector("#pw"))).toBeUndefined();
    expect(interactiveTarget(document.querySelector("#plain"))).toBeUndefined();
    expect(interactiveTarget(document.body)).toBeUndefined();
    expect(interactiveTarget(null)).toBeUndefined();
  });
});

describe("makeEvent", () => {
  it("stamps id, time and path without the query string", () => {
    history.replaceState(null, "", "/checkout/step?card=4111#x");
    const e = makeEvent("conversion", { goal: "g", value: 3 });
    expect(e).toMatchObject({ type: "conversion", goal: "g", value: 3, path: "/checkout/step" });
    expect(e.id).toMatch(/^[0-9a-f]{24}$/);
    expect(makeEvent("pageview", {}).id).not.toBe(e.id);
  });
});
