// The editor's door: which fragments carry an editor token, and that loading it adds one script to head only.
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../tests/support/console";
import { EDITOR_FRAGMENT, MAX_EDITOR_TOKEN_LENGTH, looksLikeEditorToken } from "../../app/wire/editor";
import { editorToken, loadEditor } from "../src/editor";

describe("editorToken", () => {
  it.each([
    ["#svc-editor=abc.DEF_12-3", "abc.DEF_12-3"],
    ["#x=1&svc-editor=tok", "tok"],
    ["#svc-editor=tok&y=2", "tok"],
  ])("reads %s", (hash, token) => expect(editorToken(hash)).toBe(token));

  it.each([
    [""],
    ["#"],
    ["#svc-editor="],
    ["#svc-editor=a b"],
    ["#svc-editor=<script>"],
    ["#svc-editor=tok%22"],
    ["#xsvc-editor=tok"],
    ["#svc-editor=" + "a".repeat(513)],
    ["?svc-editor=tok"],
  ])("ignores %j", (hash) => expect(editorToken(hash)).toBeUndefined());
});

describe("editorToken and the wire's rule (app/wire/editor.ts) agree", () => {
  it.each([["abc.DEF_12-3"], ["a".repeat(MAX_EDITOR_TOKEN_LENGTH)], ["a".repeat(MAX_EDITOR_TOKEN_LENGTH + 1)], ["a b"], ["é"], ["x%41"]])(
    "%j",
    (token) => {
      const read = editorToken(`#${EDITOR_FRAGMENT}=${token}`);
      expect(read !== undefined).toBe(looksLikeEditorToken(token));
      if (read !== undefined) expect(read).toBe(token);
    },
  );
});

describe("loadEditor", () => {
  it.each([
    ["#svc-editor=tok.1", ""],
    ["#x=1&svc-editor=tok.1", "#x=1"],
    ["#svc-editor=tok.1&y=2", "#y=2"],
    ["#a&svc-editor=tok.1&b", "#a&b"],
  ])("takes the token out of the address bar: %s leaves %j", (hash, left) => {
    expectConsoleError();
    history.replaceState(null, "", `/page?q=1${hash}`);
    const length = history.length;
    loadEditor("https://svc.example", "tok.1");
    expect(location.pathname + location.search + location.hash).toBe(`/page?q=1${left}`);
    expect(history.length).toBe(length);
  });

  it("appends one script element to head and writes nothing on head itself", () => {
    // happy-dom refuses to fetch scripts and says so on the console; the element is what is checked here.
    expectConsoleError();
    const before = [...document.head.attributes].map((a) => a.name);
    const count = document.head.querySelectorAll("script").length;
    loadEditor("https://svc.example", "tok.1");
    const scripts = document.head.querySelectorAll("script");
    expect(scripts.length).toBe(count + 1);
    expect(scripts[scripts.length - 1]?.getAttribute("src")).toBe("https://svc.example/editor.js?token=tok.1");
    expect([...document.head.attributes].map((a) => a.name)).toEqual(before);
  });
});
