// The editor's panel, in a shadow root on a host element appended to body, and what it drives: select
// mode, the selector, edits as patches with a live preview, undo and redo, the arm switcher and saving.
import type { EditorSession } from "../../app/wire/editor";
import type { Patch } from "../../app/wire/patches";
import { isRootSelector } from "../../app/wire/selector-rules";
import { savePatches, type Endpoint } from "./api";
import { h } from "./dom";
import { editForm, kindsFor, type ChangeKind, type EditForm } from "./edit-forms";
import { commit, redo, replacePresent, samePatches, startHistory, undo } from "./history";
import { createLivePreview } from "./live-preview";
import { createOverlay } from "./overlay";
import { PANEL_CSS } from "./panel-css";
import { describePatch, issuesByPatch, removeAt, upsert } from "./patch-list";
import { createPicker } from "./picker";
import { chooseSelector, countMatches, parentOf, similarSelector, withPosition } from "./selector";

/** The editor's host element: a child of body, the one node of the editor in the page's own tree. */
export const HOST_TAG = "svc-editor";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function isTextField(target: EventTarget | undefined): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit"].includes(target.type);
}

/** Mounts the editor for a loaded session and returns what removes it again (the page as it was). */
export function mountEditor(session: EditorSession, endpoint: Endpoint): () => void {
  const cleanups: (() => void)[] = [];
  const destroy = () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        fn();
      } catch {
        // Keep tearing down: the rest must still go.
      }
    }
  };
  try {
    build(session, endpoint, cleanups, destroy);
  } catch (error) {
    destroy();
    throw error;
  }
  return destroy;
}

function build(session: EditorSession, endpoint: Endpoint, cleanups: (() => void)[], destroy: () => void): void {
  const armOf = (id: string) => session.arms.find((a) => a.id === id)!;
  const preview = createLivePreview(session.test.id);
  cleanups.push(() => preview.clear());

  let history = startHistory(armOf(session.arm).patches);
  let saved = history.present;
  let viewing = session.arm;
  let editableTest = session.editable;
  let lockedReason = "";
  let issues = new Map<number, string[]>();
  let selected: Element | null = null;
  let sel = "";
  let below: Element[] = [];
  let kind: ChangeKind = "text";
  let form: EditForm | null = null;
  let saving = false;

  const editing = () => viewing === session.arm;
  const editable = () => editing() && editableTest;
  const shownPatches = (): Patch[] => (editing() ? history.present : armOf(viewing).patches);
  const dirty = () => !samePatches(history.present, saved);

  /**
   * Runs `fn` on the page as shoppers get it before any patch: a selector must match there, not only on
   * a page the preview already changed (a class the variant adds, markup it replaced).
   */
  const onOriginal = <T>(fn: () => T): T => {
    preview.clear();
    try {
      return fn();
    } finally {
      preview.show(shownPatches());
    }
  };
  const choose = (el: Element) => onOriginal(() => (el.isConnected ? chooseSelector(el) : null)) ?? chooseSelector(el);
  const parses = (s: string) => {
    try {
      document.querySelector(s);
      return true;
    } catch {
      return false;
    }
  };
  const liveMatches = (s: string): Element[] => {
    try {
      return s ? Array.from(document.querySelectorAll(s)) : [];
    } catch {
      return [];
    }
  };

  // ── Elements ─────────────────────────────────────────────────────────────────────────────────────
  const button = (label: string, onclick: () => void, props: Record<string, unknown> = {}) =>
    h("button", { type: "button", onclick, ...props }, label);
  const armSelect = h(
    "select",
    { "aria-label": "Arm", onchange: () => switchArm(armSelect.value) },
    ...session.arms.map((a) =>
      h("option", { value: a.id }, a.name + (a.control ? " (control)" : "") + (a.id === session.arm ? " · editing" : "")),
    ),
  );
  armSelect.value = viewing;
  const modeNote = h("p", { class: "note" });
  const selectButton = button("Select an element", () => setSelecting(!picker.active));
  const selectorInput = h("input", { type: "text", "aria-label": "Selector", spellcheck: "false", oninput: () => setSelector(selectorInput.value, false) });
  const countText = h("p", { class: "count", "aria-live": "polite" });
  const parentButton = button("Parent", () => moveTo(selected && parentOf(selected), "up"), { title: "Select the element around this one" });
  const childButton = button("Child", () => moveTo(below.pop() ?? selected?.firstElementChild ?? null, "down"), { title: "Select an element inside this one" });
  const similarButton = button("Similar", () => reshape(similarSelector, "No wider selector matches this element."), { title: "Match similar elements too" });
  const positionButton = button("Add position", () => reshape(withPosition, "No position narrows this selector."), { title: "Match by position among its siblings" });
  const selectionSection = h(
    "section",
    { "aria-label": "Selection", hidden: true },
    h("h2", {}, "Selection"),
    h("label", { class: "field" }, h("span", {}, "Selector"), selectorInput),
    countText,
    h("div", { class: "row" }, parentButton, childButton, similarButton, positionButton),
  );
  const kindSelect = h("select", { "aria-label": "Change", onchange: () => renderForm(kindSelect.value as ChangeKind) });
  const fieldsBox = h("div", { class: "fields" });
  const applyButton = button("Apply", () => apply(), { class: "primary" });
  const formNote = h("p", { class: "error", role: "alert" });
  const changeSection = h(
    "section",
    { "aria-label": "Edit", hidden: true },
    h("label", { class: "field" }, h("span", {}, "Change"), kindSelect),
    fieldsBox,
    h("div", { class: "row" }, applyButton),
    formNote,
  );
  const cssText = h("textarea", { rows: 4, "aria-label": "Page CSS", spellcheck: "false", placeholder: ".banner { background: #fde68a }" });
  const cssButton = button("Apply CSS", () => applyCss());
  const cssSection = h("details", {}, h("summary", {}, "Page CSS"), cssText, h("div", { class: "row" }, cssButton));
  const list = h("ol", { "aria-label": "Changes" });
  const emptyText = h("p", { class: "hint" }, "No changes yet.");
  const undoButton = button("Undo", () => step(undo), { title: "Undo (Ctrl+Z)" });
  const redoButton = button("Redo", () => step(redo), { title: "Redo (Shift+Ctrl+Z)" });
  const saveButton = button("Save", () => void save(), { class: "primary" });
  const status = h("p", { class: "status", role: "status" });
  const panel = h(
    "aside",
    { class: "panel", "aria-label": "svc visual editor" },
    h(
      "header",
      {},
      h("strong", {}, "svc editor"),
      h("span", { class: "name" }, session.test.name),
      // The panel covers part of the page: it moves to the other side to uncover what is under it.
      button("⇆", () => panel.classList.toggle("left"), { "aria-label": "Move the panel to the other side" }),
      button("×", () => close(), { "aria-label": "Close editor" }),
    ),
    h("label", { class: "field" }, h("span", {}, "Arm"), armSelect),
    modeNote,
    h("div", { class: "row" }, selectButton, h("span", { class: "hint" }, "Esc stops selecting")),
    selectionSection,
    changeSection,
    cssSection,
    h("section", { "aria-label": "Changes list" }, h("h2", {}, "Changes"), emptyText, list),
    h("footer", {}, h("div", { class: "row" }, undoButton, redoButton, saveButton), status),
  );
  const layer = h("div");

  const host = document.createElement(HOST_TAG);
  const root = host.attachShadow({ mode: "open" });
  root.append(h("style", {}, PANEL_CSS), layer, panel);
  document.body.appendChild(host);
  cleanups.push(() => host.remove());

  const overlay = createOverlay(layer);
  cleanups.push(() => overlay.destroy());
  const picker = createPicker(host, { hover: (el) => overlay.hover(el), pick: (el) => moveTo(el, "pick"), stopped: () => renderSelecting() });
  cleanups.push(() => picker.destroy());

  // The page's own key and pointer handlers do not see what happens in the panel (typing "/" in a field
  // must not open the store's search); Ctrl/Cmd+Z outside text fields is undo, with Shift redo.
  for (const type of ["keydown", "keyup", "keypress", "input", "change", "click", "mousedown", "mouseup", "pointerdown", "pointerup", "focusin", "focusout"])
    root.addEventListener(type, (e) => e.stopPropagation());
  root.addEventListener("keydown", (event) => {
    const e = event as KeyboardEvent;
    const key = e.key.toLowerCase();
    if (!(e.ctrlKey || e.metaKey) || (key !== "z" && key !== "y") || isTextField(e.composedPath()[0])) return;
    e.preventDefault();
    step(key === "y" || e.shiftKey ? redo : undo);
  });
  const beforeUnload = (e: BeforeUnloadEvent) => {
    if (editable() && dirty()) {
      e.preventDefault();
      e.returnValue = "";
    }
  };
  window.addEventListener("beforeunload", beforeUnload);
  cleanups.push(() => window.removeEventListener("beforeunload", beforeUnload));

  // ── Behaviour ────────────────────────────────────────────────────────────────────────────────────
  function say(text: string, tone: "" | "ok" | "bad" = "") {
    status.textContent = text;
    status.className = `status ${tone}`;
  }

  function setSelecting(on: boolean) {
    picker.setActive(on);
    renderSelecting();
  }

  function renderSelecting() {
    selectButton.setAttribute("aria-pressed", String(picker.active));
    selectButton.textContent = picker.active ? "Selecting: click an element" : "Select an element";
  }

  /** Selects `el`: clicked on the page, or the parent or a child of the selection (going up keeps the way back down). */
  function moveTo(el: Element | null, how: "pick" | "up" | "down") {
    if (!el) return say("There is no element that way.");
    if (how === "up" && selected) below.push(selected);
    if (how === "pick") below = [];
    selected = el;
    setSelector(choose(el), true);
    renderKinds();
  }

  function reshape(fn: (el: Element, s: string) => string | null, none: string) {
    const el = selected;
    if (!el) return;
    const next = onOriginal(() => fn(el, sel));
    if (next) setSelector(next, true);
    else say(none);
  }

  function setSelector(value: string, fromCode: boolean) {
    sel = value.trim();
    if (fromCode) selectorInput.value = sel;
    const valid = parses(sel);
    const count = valid ? onOriginal(() => countMatches(document, sel)) : 0;
    const matches = liveMatches(sel);
    // A typed selector may aim at other elements: the first of them is the one shown selected.
    if (matches.length && (!selected || !matches.includes(selected))) selected = matches[0]!;
    countText.textContent = !valid ? "This is not a valid CSS selector." : count ? `Matches ${plural(count, "element")} on this page.` : "Matches no element on this page.";
    overlay.select(selected, matches);
    selectionSection.hidden = changeSection.hidden = !selected;
  }

  function renderKinds() {
    if (!selected) return;
    const kinds = kindsFor(selected);
    kindSelect.replaceChildren(...kinds.map((k) => h("option", { value: k.kind }, k.label)));
    const keep = kinds.some((k) => k.kind === kind) ? kind : kinds[0]!.kind;
    kindSelect.value = keep;
    renderForm(keep);
  }

  function renderForm(next: ChangeKind) {
    if (!selected) return;
    kind = next;
    form = editForm(next, selected);
    fieldsBox.replaceChildren(form.fields);
    applyButton.textContent = next === "hide" ? "Hide" : "Apply";
    formNote.textContent = "";
  }

  function apply() {
    if (!editable() || !form) return;
    if (!sel || isRootSelector(sel)) return void (formNote.textContent = "Choose an element other than html, head or body.");
    if (!parses(sel)) return void (formNote.textContent = "Fix the selector first.");
    const built = form.build(sel);
    if ("error" in built) return void (formNote.textContent = built.error);
    change(built.patches.reduce(upsert, history.present));
    formNote.textContent = built.note ?? "";
  }

  function applyCss() {
    if (!editable()) return;
    const value = cssText.value.trim();
    const without = history.present.filter((p) => p.op !== "css");
    change(value ? upsert(history.present, { op: "css", value }) : without);
  }

  function change(next: Patch[]) {
    history = commit(history, next);
    issues = new Map();
    refresh();
  }

  function step(move: typeof undo) {
    if (!editable()) return;
    history = move(history);
    issues = new Map();
    refresh();
  }

  function switchArm(id: string) {
    viewing = id;
    refresh();
  }

  /** Shows the viewed arm's patches on the page and brings the panel up to date with the state. */
  function refresh() {
    preview.show(shownPatches());
    const patches = shownPatches();
    list.replaceChildren(
      ...patches.map((p, i) => {
        const refused = issues.get(i);
        return h(
          "li",
          { class: refused ? "refused" : "" },
          h("div", { class: "row" }, h("span", { class: "what" }, describePatch(p)), editable() && button("Remove", () => change(removeAt(history.present, i)), { "aria-label": `Remove change ${i + 1}` })),
          ...(refused ?? []).map((text) => h("p", { class: "error" }, text)),
        );
      }),
    );
    emptyText.hidden = patches.length > 0;
    const css = patches.find((p) => p.op === "css");
    if (root.activeElement !== cssText) cssText.value = css?.op === "css" ? css.value : "";
    const canEdit = editable();
    for (const el of [applyButton, cssButton, cssText]) el.disabled = !canEdit;
    undoButton.disabled = !canEdit || !history.past.length;
    redoButton.disabled = !canEdit || !history.future.length;
    saveButton.disabled = !canEdit || saving || !dirty();
    const arm = armOf(session.arm);
    modeNote.className = canEdit ? "note" : "note locked";
    modeNote.textContent = !editing()
      ? `Showing "${armOf(viewing).name}" on this page, read only: this link edits "${arm.name}".`
      : !editableTest
        ? `Read only: ${lockedReason || `the test is ${session.test.status}, and its changes are locked as in the admin. Duplicate it as a new draft to change them.`}`
        : `Editing "${arm.name}". Changes show on this page as you make them; Save stores them.`;
    if (selected) overlay.select(selected, liveMatches(sel));
  }

  async function save() {
    if (!editable() || saving) return;
    saving = true;
    saveButton.disabled = true;
    say("Saving…");
    const sent = history.present;
    const result = await savePatches(endpoint, sent);
    saving = false;
    if (result.ok) {
      saved = result.patches;
      // Changes made while the request was out stay the present; otherwise the stored list is.
      if (samePatches(history.present, sent)) history = replacePresent(history, result.patches);
      issues = new Map();
      say("Saved. The admin shows these changes too.", "ok");
    } else if ("issues" in result) {
      issues = issuesByPatch(result.issues);
      say(`Not saved: ${[result.detail, ...(issues.get(-1) ?? [])].join(" ")}`, "bad");
    } else if (result.status === 409) {
      editableTest = false;
      lockedReason = result.detail;
      say(`Not saved: ${result.detail}`, "bad");
    } else if (result.status === 401 || result.status === 403) {
      say(`Not saved: this editing link no longer works (${result.detail}). Open the editor again from the admin.`, "bad");
    } else say(`Not saved: ${result.detail}`, "bad");
    refresh();
  }

  function close() {
    if (editable() && dirty() && !confirm("Close the editor? Your unsaved changes will be lost.")) return;
    destroy();
  }

  setSelecting(true);
  refresh();
  say(`Click an element of the page to change it. This link works until ${new Date(session.expiresAt).toLocaleTimeString()}.`);
}
