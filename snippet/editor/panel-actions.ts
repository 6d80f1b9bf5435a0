// What the panel's controls do: each changes the state, then has the page and the view show it.
import type { Patch } from "../../app/wire/patches";
import { EMPTYING_OPS, isRootSelector, isSweepingSelector, SWEEPING_SELECTOR_MESSAGE } from "../../app/wire/rules/selector-rules";
import { savePatches, type Endpoint } from "./api";
import { editForm, kindsFor, type ChangeKind } from "./edit-forms";
import { commit, redo, replacePresent, samePatches, undo } from "./history";
import type { LivePreview } from "./live-preview";
import type { Overlay } from "./overlay";
import { issuesByPatch, removeAt, upsert } from "./patch-list";
import { dirty, editable, shownPatches, type PanelState } from "./panel-state";
import type { PanelControls, PanelView } from "./panel-view";
import type { Picker } from "./picker";
import { chooseSelector, countMatches, parentOf, similarSelector, withPosition } from "./selector";

export interface PanelParts {
  state: PanelState;
  view: PanelView;
  preview: LivePreview;
  overlay: Overlay;
  picker: Picker;
  endpoint: Endpoint;
  destroy(): void;
}

export interface PanelActions extends PanelControls {
  /** An element clicked on the page in select mode. */
  pick(el: Element): void;
  /** The panel's first showing, once it is on the page. */
  open(): void;
}

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

export function createActions({ state, view, preview, overlay, picker, endpoint, destroy }: PanelParts): PanelActions {
  const { session } = state;

  /**
   * Runs `fn` on the page as shoppers get it before any patch: a selector must match there, not only on
   * a page the preview already changed (a class the variant adds, markup it replaced).
   */
  const onOriginal = <T>(fn: () => T): T => {
    preview.clear();
    try {
      return fn();
    } finally {
      preview.show(shownPatches(state));
    }
  };
  const choose = (el: Element) => onOriginal(() => (el.isConnected ? chooseSelector(el) : null)) ?? chooseSelector(el);

  function setSelecting(on: boolean) {
    picker.setActive(on);
    view.showSelecting(picker.active);
  }

  /** Selects `el`: clicked on the page, or the parent or a child of the selection (going up keeps the way back down). */
  function moveTo(el: Element | null, how: "pick" | "up" | "down") {
    if (!el) return view.say("There is no element that way.");
    if (how === "up" && state.selected) state.below.push(state.selected);
    if (how === "pick") state.below = [];
    state.selected = el;
    setSelector(choose(el), true);
    renderKinds();
  }

  function reshape(fn: (el: Element, s: string) => string | null, none: string) {
    const el = state.selected;
    if (!el) return;
    const next = onOriginal(() => fn(el, state.sel));
    if (next) setSelector(next, true);
    else view.say(none);
  }

  function setSelector(value: string, fromCode: boolean) {
    const sel = (state.sel = value.trim());
    if (fromCode) view.showSelector(sel);
    const valid = parses(sel);
    const count = valid ? onOriginal(() => countMatches(document, sel)) : 0;
    const matches = liveMatches(sel);
    // A typed selector may aim at other elements: the first of them is the one shown selected.
    if (matches.length && (!state.selected || !matches.includes(state.selected))) state.selected = matches[0]!;
    view.showMatches(valid ? count : null, !!state.selected);
    overlay.select(state.selected, matches);
  }

  function renderKinds() {
    if (!state.selected) return;
    const kinds = kindsFor(state.selected);
    const keep = kinds.some((k) => k.kind === state.kind) ? state.kind : kinds[0]!.kind;
    view.showKinds(kinds, keep);
    renderForm(keep);
  }

  function renderForm(next: ChangeKind) {
    if (!state.selected) return;
    state.kind = next;
    state.form = editForm(next, state.selected);
    view.showForm(state.form, next);
  }

  function apply() {
    const { form, sel } = state;
    if (!editable(state) || !form) return;
    if (!sel || isRootSelector(sel)) return view.formNote("Choose an element other than html, head or body.");
    if (!parses(sel)) return view.formNote("Fix the selector first.");
    const built = form.build(sel);
    if ("error" in built) return view.formNote(built.error);
    // The server refuses a hide or a replace of (nearly) every element: said here first.
    if (built.patches.some((p) => EMPTYING_OPS.has(p.op) && "sel" in p && isSweepingSelector(p.sel))) return view.formNote(`${SWEEPING_SELECTOR_MESSAGE}.`);
    change(built.patches.reduce(upsert, state.history.present));
    view.formNote(built.note ?? "");
  }

  function applyCss() {
    if (!editable(state)) return;
    const value = view.cssValue().trim();
    const without = state.history.present.filter((p) => p.op !== "css");
    change(value ? upsert(state.history.present, { op: "css", value }) : without);
  }

  function change(next: Patch[]) {
    state.history = commit(state.history, next);
    state.issues = new Map();
    refresh();
  }

  function step(move: typeof undo) {
    if (!editable(state)) return;
    state.history = move(state.history);
    state.issues = new Map();
    refresh();
  }

  /** Shows the viewed arm's patches on the page and brings the panel up to date with the state. */
  function refresh() {
    preview.show(shownPatches(state));
    view.render(state);
    if (state.selected) overlay.select(state.selected, liveMatches(state.sel));
  }

  async function save() {
    if (!editable(state) || state.saving) return;
    state.saving = true;
    view.saving();
    view.say("Saving…");
    const sent = state.history.present;
    const result = await savePatches(endpoint, sent);
    state.saving = false;
    if (result.ok) {
      state.saved = result.patches;
      // Changes made while the request was out stay the present; otherwise the stored list is.
      if (samePatches(state.history.present, sent)) state.history = replacePresent(state.history, result.patches);
      state.issues = new Map();
      view.say("Saved. The admin shows these changes too.", "ok");
    } else if ("issues" in result) {
      state.issues = issuesByPatch(result.issues);
      view.say(`Not saved: ${[result.detail, ...(state.issues.get(-1) ?? [])].join(" ")}`, "bad");
    } else if (result.status === 409) {
      state.editableTest = false;
      state.lockedReason = result.detail;
      view.say(`Not saved: ${result.detail}`, "bad");
    } else if (result.status === 401 || result.status === 403) {
      view.say(`Not saved: this editing link no longer works (${result.detail}). Open the editor again from the admin.`, "bad");
    } else view.say(`Not saved: ${result.detail}`, "bad");
    refresh();
  }

  return {
    switchArm(id) {
      state.viewing = id;
      refresh();
    },
    toggleSelecting: () => setSelecting(!picker.active),
    typeSelector: (value) => setSelector(value, false),
    up: () => moveTo(state.selected && parentOf(state.selected), "up"),
    down: () => moveTo(state.below.pop() ?? state.selected?.firstElementChild ?? null, "down"),
    widen: () => reshape(similarSelector, "No wider selector matches this element."),
    narrow: () => reshape(withPosition, "No position narrows this selector."),
    chooseKind: renderForm,
    apply,
    applyCss,
    undo: () => step(undo),
    redo: () => step(redo),
    remove: (i) => change(removeAt(state.history.present, i)),
    save: () => void save(),
    close() {
      if (editable(state) && dirty(state) && !confirm("Close the editor? Your unsaved changes will be lost.")) return;
      destroy();
    },
    pick: (el) => moveTo(el, "pick"),
    open() {
      setSelecting(true);
      refresh();
      view.say(`Click an element of the page to change it. This link works until ${new Date(session.expiresAt).toLocaleTimeString()}.`);
    },
  };
}
