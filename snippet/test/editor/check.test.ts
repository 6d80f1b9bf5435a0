import { afterEach, describe, expect, it } from "vitest";
import type { EditorSession } from "../../../app/wire/editor";
import type { Patch } from "../../../app/wire/patches";
import cases from "../../../app/wire/rules/selector-check.cases.json";
import { selectorCheckReportIssues } from "../../../app/wire/rules/selector-check";
import { checkNote, countSelectors } from "../../editor/check";

const PAGE = '<main><h1 id="headline">Mugs</h1><p class="note">One</p><p class="note">Two</p></main>';

const session = (arms: Array<{ id: string; control?: boolean; patches: Patch[] }>): EditorSession => ({
  mode: "check",
  site: "demo",
  test: { id: "t1", name: "Warmer headline", status: "draft", pages: ["/"] },
  arm: "t1-a",
  arms: arms.map((a) => ({ name: a.id, control: false, ...a })),
  editable: false,
  expiresAt: Date.now() + 60_000,
});

afterEach(() => {
  document.body.innerHTML = "";
});

describe("countSelectors", () => {
  it("counts each variant change's selector on the page, not the control's nor a style sheet's", () => {
    document.body.innerHTML = PAGE;
    const report = countSelectors(
      session([
        { id: "t1-a", control: true, patches: [{ op: "hide", sel: "#headline" }] },
        { id: "t1-b", patches: [{ op: "hide", sel: ".promo-bar" }, { op: "css", value: "p{}" }, { op: "text", sel: ".note", value: "x" }, { op: "hide", sel: "##nope" }] },
      ]),
      document,
      "/products/shirt",
    );
    expect(report).toEqual({
      page: "/products/shirt",
      changes: [
        { arm: "t1-b", index: 0, sel: ".promo-bar", matched: 0 },
        { arm: "t1-b", index: 2, sel: ".note", matched: 2 },
        { arm: "t1-b", index: 3, sel: "##nope", matched: null },
      ],
    });
    expect(selectorCheckReportIssues(report)).toEqual([]);
  });

  // The server's rule (app/wire/rules/selector-check.cases.json): whatever the page, the editor's report passes it.
  it.each(cases.valid)("builds a report the server accepts for the changes of %j", (body) => {
    document.body.innerHTML = PAGE;
    const arms = [...new Set(body.changes.map((c) => c.arm))].map((id) => ({
      id,
      patches: body.changes.filter((c) => c.arm === id).map((c) => ({ op: "hide" as const, sel: c.sel })),
    }));
    expect(selectorCheckReportIssues(countSelectors(session(arms), document, body.page))).toEqual([]);
  });
});

describe("checkNote", () => {
  it("says how many matched nothing, and where to read which", () => {
    expect(checkNote({ ok: true, answer: { checkedAt: "", page: "/", counted: 3, unmatched: 1 } })).toBe(
      "svc checked 3 changes on this page: 1 of 3 matched nothing. The test's page in the admin shows the result; you can close this tab.",
    );
    expect(checkNote({ ok: true, answer: { checkedAt: "", page: "/", counted: 1, unmatched: 0 } })).toMatch(/^svc checked 1 change on this page: every selector matched\./);
    expect(checkNote({ ok: false, status: 409, detail: "Check the selectors again from the test in the admin." })).toBe(
      "svc could not record the check: Check the selectors again from the test in the admin.",
    );
  });
});
