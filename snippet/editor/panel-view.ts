// The panel's elements in a shadow root (the page's styles and handlers stay out), and how each shows the state.
import type { EditorSession } from "../../app/wire/editor";
import { h } from "./dom";
import type { ChangeKind, EditForm } from "./edit-forms";
import { PANEL_CSS } from "./panel-css";
import { describePatch } from "./patch-list";
import { armOf, dirty, editable, editing, shownPatches, type PanelState } from "./panel-state";

/** The editor's host element: a child of body, the one node of the editor in the page's own tree. */
export const HOST_TAG = "svc-editor";

/** What the panel's controls ask for (panel-actions.ts): the view itself changes no state. */
export interface PanelControls {
  switchArm(id: string): void;
  toggleSelecting(): void;
  typeSelector(value: string): void;
  up(): void;
  down(): void;
  widen(): void;
  narrow(): void;
  chooseKind(kind: ChangeKind): void;
  apply(): void;
  applyCss(): void;
  undo(): void;
  redo(): void;
  remove(index: number): void;
  save(): void;
  close(): void;
}

type Tone = "" | "ok" | "bad";

export type PanelView = ReturnType<typeof createView>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function isTextField(target: EventTarget | undefined): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit"].includes(target.type);
}

/** The host, not yet in the page, with the panel in its shadow root; `on` is only called once the panel is in use. */
export function createView(session: EditorSession, on: PanelControls) {
  const button = (label: string, onclick: () => void, props: Record<string, unknown> = {}) =>
    h("button", { type: "button", onclick, ...props }, label);
  const armSelect = h(
    "select",
    { "aria-label": "Arm", onchange: () => on.switchArm(armSelect.value) },
    ...session.arms.map((a) =>
      h("option", { value: a.id }, a.name + (a.control ? " (control)" : "") + (a.id === session.arm ? " · editing" : "")),
    ),
  );
  armSelect.value = session.arm;
  const modeNote = h("p", { class: "note" });
  const selectButton = button("Select an element", () => on.toggleSelecting());
  const selectorInput = h("input", { type: "text", "aria-label": "Selector", spellcheck: "false", oninput: () => on.typeSelector(selectorInput.value) });
  const countText = h("p", { class: "count", "aria-live": "polite" });
  const parentButton = button("Parent", () => on.up(), { title: "Select the element around this one" });
  const childButton = button("Child", () => on.down(), { title: "Select an element inside this one" });
  const similarButton = button("Similar", () => on.widen(), { title: "Match similar elements too" });
  const positionButton = button("Add position", () => on.narrow(), { title: "Match by position among its siblings" });
  const selectionSection = h(
    "section",
    { "aria-label": "Selection", hidden: true },
    h("h2", {}, "Selection"),
    h("label", { class: "field" }, h("span", {}, "Selector"), selectorInput),
    countText,
    h("div", { class: "row" }, parentButton, childButton, similarButton, positionButton),
  );
  const kindSelect = h("select", { "aria-label": "Change", onchange: () => on.chooseKind(kindSelect.value as ChangeKind) });
  const fieldsBox = h("div", { class: "fields" });
  const applyButton = button("Apply", () => on.apply(), { class: "primary" });
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
  const cssButton = button("Apply CSS", () => on.applyCss());
  const cssSection = h("details", {}, h("summary", {}, "Page CSS"), cssText, h("div", { class: "row" }, cssButton));
  const list = h("ol", { "aria-label": "Changes" });
  const emptyText = h("p", { class: "hint" }, "No changes yet.");
  const undoButton = button("Undo", () => on.undo(), { title: "Undo (Ctrl+Z)" });
  const redoButton = button("Redo", () => on.redo(), { title: "Redo (Shift+Ctrl+Z)" });
  const saveButton = button("Save", () => on.save(), { class: "primary" });
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
      button("×", () => on.close(), { "aria-label": "Close editor" }),
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

  // The page's own key and pointer handlers do not see what happens in the panel (typing "/" in a field
  // must not open the store's search); Ctrl/Cmd+Z outside text fields is undo, with Shift redo.
  for (const type of ["keydown", "keyup", "keypress", "input", "change", "click", "mousedown", "mouseup", "pointerdown", "pointerup", "focusin", "focusout"])
    root.addEventListener(type, (e) => e.stopPropagation());
  root.addEventListener("keydown", (event) => {
    const e = event as KeyboardEvent;
    const key = e.key.toLowerCase();
    if (!(e.ctrlKey || e.metaKey) || (key !== "z" && key !== "y") || isTextField(e.composedPath()[0])) return;
    e.preventDefault();
    if (key === "y" || e.shiftKey) on.redo();
    else on.undo();
  });

  return {
    host,
    /** Where the overlay draws its boxes, under the panel. */
    layer,
    cssValue: () => cssText.value,

    say(text: string, tone: Tone = "") {
      status.textContent = text;
      status.className = `status ${tone}`;
    },

    showSelecting(active: boolean) {
      selectButton.setAttribute("aria-pressed", String(active));
      selectButton.textContent = active ? "Selecting: click an element" : "Select an element";
    },

    /** A selector the panel chose goes into the field; one being typed is left as typed. */
    showSelector(sel: string) {
      selectorInput.value = sel;
    },

    /** `count` on the page as shoppers get it; null: the selector does not parse. */
    showMatches(count: number | null, selected: boolean) {
      countText.textContent =
        count === null ? "This is not a valid CSS selector." : count ? `Matches ${plural(count, "element")} on this page.` : "Matches no element on this page.";
      selectionSection.hidden = changeSection.hidden = !selected;
    },

    showKinds(kinds: { kind: ChangeKind; label: string }[], kind: ChangeKind) {
      kindSelect.replaceChildren(...kinds.map((k) => h("option", { value: k.kind }, k.label)));
      kindSelect.value = kind;
    },

    showForm(form: EditForm, kind: ChangeKind) {
      fieldsBox.replaceChildren(form.fields);
      applyButton.textContent = kind === "hide" ? "Hide" : "Apply";
      formNote.textContent = "";
    },

    formNote(text: string) {
      formNote.textContent = text;
    },

    /** While a save is out: no second one. */
    saving() {
      saveButton.disabled = true;
    },

    render(state: PanelState) {
      const patches = shownPatches(state);
      list.replaceChildren(
        ...patches.map((p, i) => {
          const refused = state.issues.get(i);
          return h(
            "li",
            { class: refused ? "refused" : "" },
            h("div", { class: "row" }, h("span", { class: "what" }, describePatch(p)), editable(state) && button("Remove", () => on.remove(i), { "aria-label": `Remove change ${i + 1}` })),
            ...(refused ?? []).map((text) => h("p", { class: "error" }, text)),
          );
        }),
      );
      emptyText.hidden = patches.length > 0;
      const css = patches.find((p) => p.op === "css");
      if (root.activeElement !== cssText) cssText.value = css?.op === "css" ? css.value : "";
      const canEdit = editable(state);
      for (const el of [applyButton, cssButton, cssText]) el.disabled = !canEdit;
      undoButton.disabled = !canEdit || !state.history.past.length;
      redoButton.disabled = !canEdit || !state.history.future.length;
      saveButton.disabled = !canEdit || state.saving || !dirty(state);
      const arm = armOf(session, session.arm);
      modeNote.className = canEdit ? "note" : "note locked";
      modeNote.textContent = !editing(state)
        ? `Showing "${armOf(session, state.viewing).name}" on this page, read only: this link edits "${arm.name}".`
        : !state.editableTest
          ? `Read only: ${state.lockedReason || `the test is ${session.test.status}, and its changes are locked as in the admin. Duplicate it as a new draft to change them.`}`
          : `Editing "${arm.name}". Changes show on this page as you make them; Save stores them.`;
    },
  };
}
