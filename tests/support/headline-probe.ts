// The probe the plain demo page's browser tests add before any of the page's scripts: #headline at every frame, and writes on html, head or body.
import type { Page } from "playwright-core";

/**
 * An init script that samples #headline at every animation frame until `sampleForMs` after navigation start
 * (`window.__frames`: time, present, opacity, text, and the hiding styles in the page), and records every
 * attribute written on html, head or body (`window.__rootWrites`, guarantee 2). It only reads.
 */
export function headlineProbe(sampleForMs: number): string {
  return `(() => {
  const frames = (window.__frames = []);
  const roots = (window.__rootWrites = []);
  const frame = () => {
    const h = document.getElementById("headline");
    frames.push({ t: performance.now(), present: !!h, opacity: h && getComputedStyle(h).opacity, text: h && h.textContent,
      hideStyles: document.querySelectorAll("style[data-svc-hide]").length });
    if (performance.now() < ${sampleForMs}) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new MutationObserver((list) => {
    for (const m of list) if (/^(HTML|HEAD|BODY)$/.test(m.target.nodeName)) roots.push(m.target.nodeName + " " + m.attributeName);
  }).observe(document, { attributes: true, subtree: true });
})();`;
}

/** Waits (past the sampling, however slow the machine) until #headline shows, and answers its text. */
export const shownHeadline = (page: Page) =>
  page
    .waitForFunction(() => {
      const h = document.getElementById("headline");
      return h && getComputedStyle(h).opacity === "1" && h.textContent;
    }, undefined, { timeout: 10_000 })
    .then((handle) => handle.jsonValue());
