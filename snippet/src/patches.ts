// Applies an arm's DOM patches now and to matching elements that appear later, never to html/head/body,
// and undoes them exactly when the arm no longer applies (a single-page app left its page).
import type { Assignment, Patch } from "../../app/wire/patches";
import { guard } from "./guard";
import { addSheet } from "./styles";
import { OBSERVE_MS } from "./timing";

type ElementPatch = Exclude<Patch, { op: "css" }>;

export function isRoot(el: Element): boolean {
  const d = el.ownerDocument;
  return el === d.documentElement || el === d.head || el === d.body;
}

/** Applies one element patch and returns what puts the element back as it was before it. */
export function applyToElement(p: ElementPatch, el: Element): () => void {
  if (p.op === "text" || p.op === "html") {
    // The very nodes come back (not a copy of the markup), with whatever the page attached to them.
    const nodes = [...el.childNodes];
    if (p.op === "text") el.textContent = p.value;
    else el.innerHTML = p.value;
    return () => el.replaceChildren(...nodes);
  }
  // attr, class and style each change one attribute: its value before is what the undo restores.
  const name = p.op === "attr" ? p.name : p.op;
  const before = el.getAttribute(name);
  const undo = () => (before === null ? el.removeAttribute(name) : el.setAttribute(name, before));
  if (p.op === "attr") {
    if (p.value === null) el.removeAttribute(name);
    else el.setAttribute(name, p.value);
  } else if (p.op === "class") {
    el.classList.add(...(p.add ?? []));
    el.classList.remove(...(p.remove ?? []));
  } else if (p.op === "style") {
    for (const [k, v] of Object.entries(p.props)) (el as HTMLElement).style?.setProperty(k, v);
  }
  return undo;
}

/**
 * Shows one arm (already matched to this page) and calls `onShown` once: when its `when` selector
 * first matches, or at once without one. Returns its undo: it stops observing, removes the arm's
 * sheets and restores every element it changed, in reverse order.
 */
export function showArm(arm: Assignment, onShown: (arm: Assignment) => void): () => void {
  const doc = document;
  const undo: (() => void)[] = [];
  const sheets: HTMLStyleElement[] = [];
  const targeted: [ElementPatch, WeakSet<Element>][] = [];
  let css = "";
  let waiting = true;
  for (const p of arm.patches ?? []) {
    if (p.op === "css") sheets.push(addSheet(p.value, true));
    else if (p.op === "hide") css += `:is(${p.sel}):not(html,head,body){display:none!important}`;
    else targeted.push([p, new WeakSet()]);
  }
  if (css) sheets.push(addSheet(css));

  const pass = () => {
    for (const [p, done] of targeted) {
      for (const el of doc.querySelectorAll(p.sel)) {
        if (done.has(el) || isRoot(el)) continue;
        done.add(el);
        try {
          undo.push(applyToElement(p, el));
        } catch {
          // One bad patch (e.g. a rejected style value) must not stop the others.
        }
      }
    }
    if (waiting && (!arm.when || doc.querySelector(arm.when))) {
      waiting = false;
      onShown(arm);
    }
  };
  pass();
  // Observer callbacks run as microtasks right after the parser or a script inserts nodes, so a
  // late element is patched before anything can paint or read it. Bounded: OBSERVE_MS.
  const observer = new MutationObserver(guard(pass));
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), OBSERVE_MS);
  return () => {
    observer.disconnect();
    for (const el of sheets) el.remove();
    for (let i = undo.length; i--; ) guard(undo[i]!)();
  };
}
