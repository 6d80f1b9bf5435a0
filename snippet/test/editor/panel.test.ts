// The editor's panel mounted in happy-dom: what its controls do to the page and to the arm's patch list,
// and that it refuses what the server refuses as a target before sending anything.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EditorSession } from "../../../app/wire/editor";
import type { Patch } from "../../../app/wire/patches";
import cases from "../../../app/wire/rules/selector-rules.cases.json";
import { mountEditor } from "../../editor/panel";

const ROOT_REFUSAL = "Choose an element other than html, head or body.";
const PAGE = '<main><h1 id="headline">Mugs</h1><p id="lede">Made by hand.</p><p class="note">One</p><p class="note">Two</p></main>';

const sessionWith = (b: Patch[] = [], more: Partial<EditorSession> = {}): EditorSession => ({
  mode: "edit",
  site: "demo",
  test: { id: "t1", name: "Warmer headline", status: "draft", pages: ["/"] },
  arm: "t1-b",
  arms: [
    { id: "t1-a", name: "Original", control: true, patches: [] },
    { id: "t1-b", name: "Variant B", control: false, patches: b },
  ],
  editable: true,
  expiresAt: Date.UTC(2030, 0, 1),
  ...more,
});

let unmount = () => {};
let panel: ShadowRoot;
const mount = (session = sessionWith()) => {
  unmount = mountEditor(session, { base: "https://app.example", token: "tok" });
  panel = document.querySelector("svc-editor")!.shadowRoot!;
};
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
const page = (sel: string) => document.querySelector(sel)!;
const click = (sel: string) => page(sel).dispatchEvent(new MouseEvent("click", { bubbles: true, composed: true }));
const selector = () => $<HTMLInputElement>('input[aria-label="Selector"]');
const typeSelector = (value: string) => {
  selector().value = value;
  selector().dispatchEvent(new Event("input"));
};
const changes = () => [...panel.querySelectorAll('ol[aria-label="Changes"] li')].map((li) => li.textContent);
const note = () => $(".note").textContent;
const status = () => $('[role="status"]').textContent;
const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

beforeEach(() => {
  document.body.innerHTML = PAGE;
});
afterEach(() => {
  unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the panel's target rule (app/wire/rules/selector-rules.cases.json)", () => {
  beforeEach(() => {
    mount();
    click("#headline");
  });

  it.each(cases.root)("refuses to apply a change to %j", (sel) => {
    typeSelector(sel);
    button("Apply").click();
    expect($('[role="alert"]').textContent).toBe(ROOT_REFUSAL);
    expect(changes()).toEqual([]);
  });

  it.each(cases.notRoot.filter((sel) => sel.trim()))("does not refuse %j as a root element", (sel) => {
    typeSelector(sel);
    button("Apply").click();
    expect($('[role="alert"]').textContent).not.toBe(ROOT_REFUSAL);
  });
});

describe("the panel's sweeping rule (app/wire/rules/selector-rules.cases.json)", () => {
  beforeEach(() => {
    mount();
    click("#headline");
  });

  it.each(cases.sweeping.filter((sel) => !/::|:first-letter/.test(sel)))("refuses to replace the text of %j, as the server does", (sel) => {
    typeSelector(sel);
    button("Apply").click();
    expect($('[role="alert"]').textContent).toMatch(/^This selector matches \(nearly\) every element/);
    expect(changes()).toEqual([]);
  });

  it.each(cases.notSweeping)("does not refuse %j as sweeping", (sel) => {
    typeSelector(sel);
    button("Apply").click();
    expect($('[role="alert"]').textContent).not.toMatch(/every element/);
  });
});

describe("the panel", () => {
  it("opens in select mode with the arm's saved patches shown on the page, and says until when the link works", () => {
    mount(sessionWith([{ op: "text", sel: "#lede", value: "Thrown on a wheel." }]));
    expect(page("#lede").textContent).toBe("Thrown on a wheel.");
    expect(button("Selecting: click an element").getAttribute("aria-pressed")).toBe("true");
    expect(note()).toBe('Editing "Variant B". Changes show on this page as you make them; Save stores them.');
    expect(status()).toMatch(/^Click an element of the page to change it\. This link works until /);
    expect(changes()).toEqual(['Text of #lede: "Thrown on a wheel."Remove']);
    expect(button("Save").disabled).toBe(true);
  });

  it("selects a clicked element, counts the selector's matches, and moves to the parent and back down", () => {
    mount();
    expect($<HTMLElement>('section[aria-label="Selection"]').hidden).toBe(true);
    click("#headline");
    expect(selector().value).toBe("#headline");
    expect($(".count").textContent).toBe("Matches 1 element on this page.");
    expect($<HTMLElement>('section[aria-label="Selection"]').hidden).toBe(false);
    button("Parent").click();
    expect(selector().value).toBe("main");
    button("Child").click();
    expect(selector().value).toBe("#headline");
    typeSelector("p.note");
    expect($(".count").textContent).toBe("Matches 2 elements on this page.");
    typeSelector("p[");
    expect($(".count").textContent).toBe("This is not a valid CSS selector.");
    typeSelector("#nothing");
    expect($(".count").textContent).toBe("Matches no element on this page.");
  });

  it("applies a change live, lists it, and undoes and redoes it with the buttons and Ctrl+Z outside text fields", () => {
    mount();
    click("#headline");
    $<HTMLTextAreaElement>(".fields textarea").value = "Warm mugs";
    button("Apply").click();
    expect(page("#headline").textContent).toBe("Warm mugs");
    expect(changes()).toEqual(['Text of #headline: "Warm mugs"Remove']);
    expect(button("Save").disabled).toBe(false);
    button("Undo").click();
    expect(page("#headline").textContent).toBe("Mugs");
    expect(changes()).toEqual([]);
    const key = (from: Element, init: KeyboardEventInit) => from.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, composed: true, ctrlKey: true, ...init }));
    key(button("Redo"), { key: "Z", shiftKey: true });
    expect(page("#headline").textContent).toBe("Warm mugs");
    key($(".fields textarea"), { key: "z" });
    expect(page("#headline").textContent).toBe("Warm mugs");
    key(button("Undo"), { key: "z" });
    expect(page("#headline").textContent).toBe("Mugs");
  });

  it("replaces the change of the same kind, removes one from the list, and keeps page CSS as one patch", () => {
    mount();
    click("#headline");
    const text = () => $<HTMLTextAreaElement>(".fields textarea");
    text().value = "Warm mugs";
    button("Apply").click();
    text().value = "Warmer mugs";
    button("Apply").click();
    $<HTMLTextAreaElement>('textarea[aria-label="Page CSS"]').value = " h1 { color: red } ";
    button("Apply CSS").click();
    expect(changes()).toEqual(['Text of #headline: "Warmer mugs"Remove', "Page CSS: h1 { color: red }Remove"]);
    button("Remove").click();
    expect(changes()).toEqual(["Page CSS: h1 { color: red }Remove"]);
    expect(page("#headline").textContent).toBe("Mugs");
    $<HTMLTextAreaElement>('textarea[aria-label="Page CSS"]').value = "";
    button("Apply CSS").click();
    expect(changes()).toEqual([]);
  });

  it("widens and narrows the selector, and says so when it cannot", () => {
    mount();
    click("#headline");
    button("Similar").click();
    expect(status()).toBe("No wider selector matches this element.");
    expect(selector().value).toBe("#headline");
    click(".note");
    expect(selector().value).toBe("main > p:nth-of-type(2)");
    button("Similar").click();
    expect(selector().value).toBe("main > p");
    expect($(".count").textContent).toBe("Matches 3 elements on this page.");
    button("Add position").click();
    expect(selector().value).toBe("main > p:nth-of-type(2)");
    typeSelector("h1, p");
    button("Add position").click();
    expect(status()).toBe("No position narrows this selector.");
  });

  it("shows another arm read only, then the edited arm again", () => {
    mount(sessionWith([{ op: "text", sel: "#lede", value: "Thrown on a wheel." }]));
    const arm = $<HTMLSelectElement>('select[aria-label="Arm"]');
    expect([...arm.options].map((o) => o.textContent)).toEqual(["Original (control)", "Variant B · editing"]);
    arm.value = "t1-a";
    arm.dispatchEvent(new Event("change"));
    expect(page("#lede").textContent).toBe("Made by hand.");
    expect(note()).toBe('Showing "Original" on this page, read only: this link edits "Variant B".');
    expect([button("Apply CSS").disabled, button("Undo").disabled, button("Save").disabled]).toEqual([true, true, true]);
    expect(changes()).toEqual([]);
    arm.value = "t1-b";
    arm.dispatchEvent(new Event("change"));
    expect(page("#lede").textContent).toBe("Thrown on a wheel.");
    expect(changes()).toEqual(['Text of #lede: "Thrown on a wheel."Remove']);
  });

  it("opens a test that is not a draft read only", () => {
    mount(sessionWith([], { editable: false, test: { id: "t1", name: "Warmer headline", status: "running", pages: ["/"] } }));
    expect(note()).toBe("Read only: the test is running, and its changes are locked as in the admin. Duplicate it as a new draft to change them.");
    click("#headline");
    expect(button("Apply").disabled).toBe(true);
  });

  it("saves the list, and takes the stored list as saved", async () => {
    const stored: Patch[] = [{ op: "text", sel: "#headline", value: "Warm mugs" }];
    const fetch = answer(200, { patches: stored });
    mount();
    click("#headline");
    $<HTMLTextAreaElement>(".fields textarea").value = "Warm mugs";
    button("Apply").click();
    button("Save").click();
    expect(status()).toBe("Saving…");
    await vi.waitFor(() => expect(status()).toBe("Saved. The admin shows these changes too."));
    expect($('[role="status"]').className).toBe("status ok");
    expect(button("Save").disabled).toBe(true);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("https://app.example/api/editor/patches?token=tok");
    expect(JSON.parse(String(init?.body))).toEqual({ patches: stored });
  });

  it("puts the server's refusal beside the patch it names", async () => {
    answer(422, { detail: "The patches are not valid.", issues: ["patches.0.value: too long", "patches: too many"] });
    mount();
    click("#headline");
    button("Apply").click();
    button("Save").click();
    await vi.waitFor(() => expect(status()).toBe("Not saved: The patches are not valid. patches: too many"));
    expect($("li.refused .error").textContent).toBe("value: too long");
    expect(button("Save").disabled).toBe(false);
  });

  it("turns read only when the save is refused because the test was started", async () => {
    answer(409, { detail: "The test has started: its changes are locked." });
    mount();
    click("#headline");
    button("Apply").click();
    button("Save").click();
    await vi.waitFor(() => expect(status()).toBe("Not saved: The test has started: its changes are locked."));
    expect(note()).toBe("Read only: The test has started: its changes are locked.");
    expect([button("Apply").disabled, button("Save").disabled]).toEqual([true, true]);
  });

  it("asks before closing with unsaved changes, and leaves the page as it was", () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    mount();
    click("#headline");
    $<HTMLTextAreaElement>(".fields textarea").value = "Warm mugs";
    button("Apply").click();
    const close = $<HTMLButtonElement>('button[aria-label="Close editor"]');
    close.click();
    expect(confirm).toHaveBeenCalledOnce();
    expect(document.querySelector("svc-editor")).not.toBeNull();
    confirm.mockReturnValue(true);
    close.click();
    expect(document.querySelector("svc-editor")).toBeNull();
    expect(document.body.innerHTML).toBe(PAGE);
  });

  it("asks the browser to confirm leaving with unsaved changes only", () => {
    mount();
    const leave = () => {
      const e = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(leave()).toBe(false);
    click("#headline");
    button("Apply").click();
    expect(leave()).toBe(true);
    unmount();
    expect(leave()).toBe(false);
    expect(document.body.innerHTML).toBe(PAGE);
  });
});
