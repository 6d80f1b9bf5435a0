// Undo and redo over patch lists.
import { describe, expect, it } from "vitest";
import type { Patch } from "../../../app/wire/patches";
import { commit, MAX_UNDO, redo, replacePresent, startHistory, undo } from "../../editor/history";

const text: Patch = { op: "text", sel: "#headline", value: "New" };
const hide: Patch = { op: "hide", sel: "#lede" };

describe("history", () => {
  it("undoes and redoes whole lists, and a new change forgets redo", () => {
    let h = startHistory([]);
    h = commit(h, [text]);
    h = commit(h, [text, hide]);
    h = undo(h);
    expect(h.present).toEqual([text]);
    h = redo(h);
    expect(h.present).toEqual([text, hide]);
    h = undo(undo(h));
    expect(h.present).toEqual([]);
    expect(undo(h)).toBe(h);
    h = commit(redo(h), [hide]);
    expect(h.present).toEqual([hide]);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });

  it("an unchanged list is no step, and a stored list replaces the present without one", () => {
    const h = commit(startHistory([]), [text]);
    expect(commit(h, [{ ...text }])).toBe(h);
    const stored = replacePresent(h, [{ op: "text", sel: "#headline", value: "New" }]);
    expect(stored.past).toBe(h.past);
    expect(undo(stored).present).toEqual([]);
  });

  it("keeps at most MAX_UNDO steps", () => {
    let h = startHistory([]);
    for (let i = 0; i < MAX_UNDO + 20; i++) h = commit(h, [{ op: "text", sel: "#h", value: String(i) }]);
    expect(h.past.length).toBe(MAX_UNDO);
  });
});
