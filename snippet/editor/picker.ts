// Select mode: the element under the pointer is highlighted and a click selects it instead of doing what
// the page would do with it; Escape leaves select mode. Events inside the editor itself pass untouched.
import { isDocumentRoot } from "./selector";

export interface PickerEvents {
  hover(el: Element | null): void;
  pick(el: Element): void;
  /** Select mode ended by Escape. */
  stopped(): void;
}

export interface Picker {
  setActive(on: boolean): void;
  readonly active: boolean;
  destroy(): void;
}

/** Page events of a click that must not reach the page's own handlers while selecting. */
const BLOCKED = ["mousedown", "mouseup", "pointerdown", "pointerup", "dblclick", "auxclick", "submit"];

export function createPicker(host: Element, on: PickerEvents): Picker {
  let active = false;
  /** The page element an event is about, or null when it happened inside the editor. */
  const pageTarget = (e: Event): Element | null => {
    const path = e.composedPath();
    if (path.includes(host)) return null;
    let el = path[0] instanceof Element ? path[0] : null;
    // An icon's <path> is not what the merchant means to change: its <svg> is.
    const svg = el?.closest("svg");
    if (svg) el = svg;
    return el && !isDocumentRoot(el) ? el : null;
  };
  const block = (e: Event) => {
    if (active && pageTarget(e)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };
  const move = (e: Event) => {
    if (active) on.hover(pageTarget(e));
  };
  const click = (e: Event) => {
    const el = active && pageTarget(e);
    if (!el) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    on.pick(el);
  };
  const key = (e: KeyboardEvent) => {
    if (active && e.key === "Escape") {
      e.preventDefault();
      setActive(false);
      on.stopped();
    }
  };
  const listeners: [string, (e: Event) => void][] = [
    ...BLOCKED.map((type) => [type, block] as [string, (e: Event) => void]),
    ["mouseover", move],
    ["click", click],
    ["keydown", key as (e: Event) => void],
  ];
  // Capture on window: the first listener of every event path, before the page's own.
  for (const [type, fn] of listeners) window.addEventListener(type, fn, true);
  function setActive(value: boolean) {
    active = value;
    if (!value) on.hover(null);
  }
  return {
    setActive,
    get active() {
      return active;
    },
    destroy() {
      for (const [type, fn] of listeners) window.removeEventListener(type, fn, true);
    },
  };
}
