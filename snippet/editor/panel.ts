// Puts the editor's panel on the page and takes it off again: its state, view and actions, and what undoes each.
import type { EditorSession } from "../../app/wire/editor";
import type { Endpoint } from "./api";
import { createLivePreview } from "./live-preview";
import { createOverlay } from "./overlay";
import { createActions, type PanelActions } from "./panel-actions";
import { dirty, editable, startState } from "./panel-state";
import { createView } from "./panel-view";
import { createPicker } from "./picker";

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
  const state = startState(session);
  const preview = createLivePreview(session.test.id);
  cleanups.push(() => preview.clear());

  // The view's controls and the picker call the actions, which need both: `on` gets its methods once all
  // three exist, before anything can be clicked.
  const on = {} as PanelActions;
  const view = createView(session, on);
  document.body.appendChild(view.host);
  cleanups.push(() => view.host.remove());

  const overlay = createOverlay(view.layer);
  cleanups.push(() => overlay.destroy());
  const picker = createPicker(view.host, { hover: (el) => overlay.hover(el), pick: (el) => on.pick(el), stopped: () => view.showSelecting(picker.active) });
  cleanups.push(() => picker.destroy());
  Object.assign(on, createActions({ state, view, preview, overlay, picker, endpoint, destroy }));

  const beforeUnload = (e: BeforeUnloadEvent) => {
    if (editable(state) && dirty(state)) {
      e.preventDefault();
      e.returnValue = "";
    }
  };
  window.addEventListener("beforeunload", beforeUnload);
  cleanups.push(() => window.removeEventListener("beforeunload", beforeUnload));

  on.open();
}
