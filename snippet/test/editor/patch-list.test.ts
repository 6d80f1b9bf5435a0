// Patch lists from edits: one patch per element and kind of change, declarations parsed, refusals placed.
import { describe, expect, it } from "vitest";
import type { Patch } from "../../../app/wire/patches";
import { describePatch, issuesByPatch, parseDeclarations, removeAt, splitClasses, upsert } from "../../editor/patch-list";

describe("upsert", () => {
  it("replaces the patch of the same element and kind, appends any other", () => {
    let list: Patch[] = [];
    list = upsert(list, { op: "text", sel: "#h", value: "a" });
    list = upsert(list, { op: "attr", sel: "img", name: "src", value: "/a.png" });
    list = upsert(list, { op: "attr", sel: "img", name: "alt", value: "A" });
    list = upsert(list, { op: "text", sel: "#h", value: "b" });
    list = upsert(list, { op: "css", value: "p{color:red}" });
    list = upsert(list, { op: "css", value: "p{color:blue}" });
    expect(list).toEqual([
      { op: "text", sel: "#h", value: "b" },
      { op: "attr", sel: "img", name: "src", value: "/a.png" },
      { op: "attr", sel: "img", name: "alt", value: "A" },
      { op: "css", value: "p{color:blue}" },
    ]);
    expect(removeAt(list, 1).map((p) => p.op)).toEqual(["text", "attr", "css"]);
  });
});

describe("parseDeclarations", () => {
  it("splits at semicolons outside quotes and parentheses", () => {
    expect(parseDeclarations('color: #b00; background: url("a;b.png") no-repeat; Font-Size : 2rem;')).toEqual({
      props: { color: "#b00", background: 'url("a;b.png") no-repeat', "font-size": "2rem" },
    });
  });

  it("names the first declaration the server would refuse", () => {
    expect(parseDeclarations("color red")).toEqual({ error: expect.stringContaining("color red") });
    expect(parseDeclarations("Col0r!: red")).toEqual({ error: expect.stringContaining("Col0r!") });
    // Custom properties are refused by patch-shape's property names, so here too.
    expect(parseDeclarations("--gap: 2px")).toEqual({ error: expect.stringContaining("--gap") });
    expect(parseDeclarations(" ; ")).toEqual({ error: expect.any(String) });
  });
});

describe("the rest", () => {
  it("splits classes, describes patches and places the server's issues", () => {
    expect(splitClasses(" big, bold  big ")).toEqual(["big", "bold"]);
    expect(describePatch({ op: "class", sel: "p", add: ["a"], remove: ["b"] })).toBe("Classes of p: +a −b");
    expect(describePatch({ op: "attr", sel: "a", name: "target", value: null })).toBe("Remove target from a");
    const issues = issuesByPatch(["patches.2.sel: may not target html, head, body or :root", "patches.0: unknown op", "patches: too many"]);
    expect(issues.get(2)).toEqual(["sel: may not target html, head, body or :root"]);
    expect(issues.get(0)).toEqual(["unknown op"]);
    expect(issues.get(-1)).toEqual(["patches: too many"]);
  });
});
