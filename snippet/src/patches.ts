// Applies arms' DOM patches now and to matching elements that appear later; never to html/head/body.
import type { Assignment, Patch } from "../../app/wire/patches";
import { guard } from "./guard";
import { addSheet } from "./styles";
import { OBSERVE_MS } from "./timing";

type ElementPatch = Exclude<Patch, { op: "css" }>;

export function isRoot(el: Element): boolean {
  const d = el.ownerDocument;
  return el === d.documentElement || el === d.head || el === d.body;
}

export function applyToElement(p: ElementPatch, el: Element): void {
  switch (p.op) {
    case "text":
      el.textContent = p.value;
      break;
    case "html":
      el.innerHTML = p.value;
      break;
    case "attr":
      if (p.value === null) el.removeAttribute(p.name);
      else el.setAttribute(p.name, p.value);
      break;
    case "class":
      el.classList.add(...(p.add ?? []));
      el.classList.remove(...(p.remove ?? []));
      break;
    case "style":
      for (const [k, v] of Object.entries(p.props)) (el as HTMLElement).style?.setProperty(k, v);
      break;
  }
}

/**
 * Shows `arms` (all already matched to this page) and calls `onShown` once per arm: when its `when`
 * selector first matches, or at once without one. Returns a function that stops observing.
 */
export function showArms(arms: readonly Assignment[], onShown: (arm: Assignment) => void): () => void {
  const doc = document;
  let css = "";
  const targeted: { p: ElementPatch; done: WeakSet<Element> }[] = [];
  for (const arm of arms) {
    for (const p of arm.patches ?? []) {
      if (p.op === "css") addSheet(p.value, true);
      else if (p.op === "hide") css += `:is(${p.sel}):not(html,head,body){display:none!important}`;
      else targeted.push({ p, done: new WeakSet() });
    }
  }
  if (css) addSheet(css);
  const waiting = arms.slice();

  const pass = () => {
    for (const { p, done } of targeted) {
      for (const el of doc.querySelectorAll(p.sel)) {
        if (done.has(el) || isRoot(el)) continue;
        done.add(el);
        try {
          applyToElement(p, el);
        } catch {
          // One bad patch (e.g. a rejected style value) must not stop the others.
        }
      }
    }
    for (let i = waiting.length; i--; ) {
      const arm = waiting[i];
      if (arm && (!arm.when || doc.querySelector(arm.when))) {
        waiting.splice(i, 1);
        onShown(arm);
      }
    }
  };
  pass();
  if (!targeted.length && !waiting.length) return () => {};

  // Observer callbacks run as microtasks right after the parser or a script inserts nodes, so a
  // late element is patched before anything can paint or read it. Bounded: OBSERVE_MS.
  const observer = new MutationObserver(guard(pass));
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  const stop = () => observer.disconnect();
  setTimeout(stop, OBSERVE_MS);
  return stop;
}
