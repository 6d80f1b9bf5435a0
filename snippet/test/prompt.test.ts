import { afterEach, describe, expect, it } from "vitest";
import type { ConsentPrompt } from "../../app/wire/consent";
import { parsePrompt, showPrompt } from "../src/prompt";

const TEXT: ConsentPrompt = {
  lang: "de",
  dir: "ltr",
  message: "Darf diese Website Ihren Besuch anonym auswerten?",
  allow: "Erlauben",
  decline: "Nein, danke",
  style: "p{margin:0}",
};

const shadow = () => document.querySelector("svc-consent")?.shadowRoot;

afterEach(() => {
  document.querySelector("svc-consent")?.remove();
});

describe("parsePrompt", () => {
  it("takes a prompt whose every field is a non-empty string", () => {
    expect(parsePrompt(TEXT)).toEqual(TEXT);
  });
  it.each<[string, unknown]>([
    ["nothing", undefined],
    ["null", null],
    ["a string", "Allow"],
    ["an array", [TEXT]],
    ...(["lang", "dir", "message", "allow", "decline", "style"] as const).flatMap((key): [string, unknown][] => [
      [`no ${key}`, { ...TEXT, [key]: undefined }],
      [`an empty ${key}`, { ...TEXT, [key]: "" }],
      [`a numeric ${key}`, { ...TEXT, [key]: 1 }],
      [`an object ${key}`, { ...TEXT, [key]: { text: "x" } }],
    ]),
  ])("refuses %s", (_, value) => {
    expect(parsePrompt(value)).toBeUndefined();
  });
});

describe("showPrompt", () => {
  it("shows the server's words as text, in their language and direction", () => {
    showPrompt({ ...TEXT, lang: "ar", dir: "rtl" }, () => {});
    const root = shadow()!;
    const region = root.querySelector("[role=region]") as HTMLElement;
    expect(region.getAttribute("lang")).toBe("ar");
    expect(region.getAttribute("dir")).toBe("rtl");
    expect(root.getElementById("t")?.textContent).toBe(TEXT.message);
    expect(region.getAttribute("aria-labelledby")).toBe("t");
    expect([...root.querySelectorAll("button")].map((b) => b.textContent)).toEqual(["Erlauben", "Nein, danke"]);
    expect(root.querySelector("style")?.textContent).toBe(TEXT.style);
  });

  it("never parses the words as HTML", () => {
    showPrompt({ ...TEXT, message: '<img src=x onerror="window.pwned=1">Hi', allow: "<b>Yes</b>" }, () => {});
    const root = shadow()!;
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelector("b")).toBeNull();
    expect(root.getElementById("t")?.textContent).toBe('<img src=x onerror="window.pwned=1">Hi');
    expect(root.getElementById("y")?.textContent).toBe("<b>Yes</b>");
  });

  it.each([
    ["y", true],
    ["n", false],
  ])("button #%s answers %s once and removes the prompt", (id, granted) => {
    const answers: boolean[] = [];
    showPrompt(TEXT, (a) => answers.push(a));
    (shadow()!.getElementById(id) as HTMLButtonElement).click();
    expect(answers).toEqual([granted]);
    expect(document.querySelector("svc-consent")).toBeNull();
  });

  it("leaves body's own attributes alone: the host is a child node", () => {
    const before = [...document.body.attributes].map((a) => `${a.name}=${a.value}`);
    showPrompt(TEXT, () => {});
    expect(document.body.lastElementChild?.localName).toBe("svc-consent");
    expect([...document.body.attributes].map((a) => `${a.name}=${a.value}`)).toEqual(before);
  });
});
