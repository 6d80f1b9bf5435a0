// The editor's panel mounted in happy-dom: it refuses what the server refuses as a target before sending anything.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EditorSession } from "../../../app/wire/editor";
import cases from "../../../app/wire/selector-rules.cases.json";
import { mountEditor } from "../../editor/panel";

const ROOT_REFUSAL = "Choose an element other than html, head or body.";

const session: EditorSession = {
  site: "demo",
  test: { id: "t1", name: "Warmer headline", status: "draft", pages: ["/"] },
  arm: "t1-b",
  arms: [
    { id: "t1-a", name: "Original", control: true, patches: [] },
    { id: "t1-b", name: "Variant B", control: false, patches: [] },
  ],
  editable: true,
  expiresAt: Date.UTC(2030, 0, 1),
};

let unmount = () => {};
let panel: ShadowRoot;
const $ = <E extends Element>(sel: string) => {
  const el = panel.querySelector<E>(sel);
  if (!el) throw new Error(`the panel has no ${sel}`);
  return el;
};
const button = (label: string) => {
  const found = [...panel.querySelectorAll("button")].find((b) => b.textContent === label);
  if (!found) throw new Error(`the panel has no ${label} button`);
  return found;
};
const typeSelector = (value: string) => {
  const input = $<HTMLInputElement>('input[aria-label="Selector"]');
  input.value = value;
  input.dispatchEvent(new Event("input"));
};

beforeEach(() => {
  document.body.innerHTML = '<main><h1 id="headline">Mugs</h1><p id="lede">Made by hand.</p></main>';
  unmount = mountEditor(session, { base: "https://app.example", token: "tok" });
  panel = document.querySelector("svc-editor")!.shadowRoot!;
  // Select mode is on at first: a click on the page selects.
  document.querySelector("#headline")!.dispatchEvent(new MouseEvent("click", { bubbles: true, composed: true }));
});
afterEach(() => unmount());

describe("the panel's target rule (app/wire/selector-rules.cases.json)", () => {
  it("starts on the clicked element", () => {
    expect($<HTMLInputElement>('input[aria-label="Selector"]').value).toBe("#headline");
  });

  it.each(cases.root)("refuses to apply a change to %j", (sel) => {
    typeSelector(sel);
    button("Apply").click();
    expect($('[role="alert"]').textContent).toBe(ROOT_REFUSAL);
    expect(panel.querySelectorAll('ol[aria-label="Changes"] li')).toHaveLength(0);
  });

  it.each(cases.notRoot.filter((sel) => sel.trim()))("does not refuse %j as a root element", (sel) => {
    typeSelector(sel);
    button("Apply").click();
    expect($('[role="alert"]').textContent).not.toBe(ROOT_REFUSAL);
  });
});
