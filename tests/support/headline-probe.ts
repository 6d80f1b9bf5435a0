// The probe the plain demo page's browser tests add before any of the page's scripts: #headline at every frame, and writes on html, head or body.
import type { Page } from "playwright-core";

/**
 * An init script that samples #headline at every animation frame until `sampleForMs` after navigation start
 * (`window.__frames`: time, present, opacity, text, and the hiding styles in the page), and on past it until the
 * headline has been seen once (a page parsed late on a loaded machine; at most PROBE_GRACE_MS more), then sets
 * `window.__probeDone` (probeDone waits on it); and records every attribute written on html, head or body
 * (`window.__rootWrites`, guarantee 2). It only reads.
 */
export function headlineProbe(sampleForMs: number): string {
  return `(() => {
  const frames = (window.__frames = []);
  const roots = (window.__rootWrites = []);
  let seen = false;
  const frame = () => {
    const h = document.getElementById("headline");
    seen = seen || !!h;
    frames.push({ t: performance.now(), present: !!h, opacity: h && getComputedStyle(h).opacity, text: h && h.textContent,
      hideStyles: document.querySelectorAll("style[data-svc-hide]").length });
    const now = performance.now();
    if (now < ${sampleForMs} || (!seen && now < ${sampleForMs} + ${PROBE_GRACE_MS})) requestAnimationFrame(frame);
    else window.__probeDone = true;
  };
  requestAnimationFrame(frame);
  new MutationObserver((list) => {
    for (const m of list) if (/^(HTML|HEAD|BODY)$/.test(m.target.nodeName)) roots.push(m.target.nodeName + " " + m.attributeName);
  }).observe(document, { attributes: true, subtree: true });
})();`;
}

/** Sampling goes on past its time for at most this long while the page has not shown #headline yet. */
const PROBE_GRACE_MS = 15_000;

/** Waits until the probe has sampled its time and seen the headline (or given up on it), however slow the machine. */
export const probeDone = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __probeDone?: boolean }).__probeDone === true, undefined, { polling: 50, timeout: PROBE_GRACE_MS + 15_000 });

/** Waits (past the sampling, however slow the machine) until #headline shows, and answers its text. */
export const shownHeadline = (page: Page) =>
  page
    .waitForFunction(() => {
      const h = document.getElementById("headline");
      return h && getComputedStyle(h).opacity === "1" && h.textContent;
    }, undefined, { timeout: 10_000 })
    .then((handle) => handle.jsonValue());
