// The consent prompt for consent-required regions: small, labelled, keyboard usable, isolated in a shadow root.
import { guard } from "./guard";

const STYLE =
  // !important on :host beats page rules aimed at the host element; inside, page CSS cannot reach.
  ":host{all:initial!important;position:fixed!important;inset:auto 0 0!important;padding:12px!important;z-index:2147483647!important}" +
  "div{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;max-width:560px;margin:auto;padding:12px 16px;" +
  "font:15px/1.4 system-ui,sans-serif;color:#111;background:#fff;border:1px solid #555;border-radius:6px}" +
  "p{margin:0;flex:1 1 250px}button{font:inherit;padding:8px 16px;border:2px solid #111;border-radius:4px;background:#fff;color:#111}" +
  "#y{background:#111;color:#fff}button:focus-visible{outline:3px solid #15c;outline-offset:2px}";

/**
 * Shows the prompt and calls `onAnswer(true|false)` once. Escape or closing the page leaves the
 * question open (asked again on the next pageview). The host element is appended to body as a
 * child node; body's own attributes are never touched. Focus is not stolen: the prompt is a
 * labelled region, reachable with Tab like any other content.
 */
export function showPrompt(onAnswer: (granted: boolean) => void): void {
  const mount = () => {
    const host = document.createElement("svc-consent");
    const root = host.attachShadow({ mode: "open" });
    // No <form> in the shadow root, so the buttons need no type; they are reachable with Tab.
    root.innerHTML =
      `<style>${STYLE}</style><div role="region" aria-labelledby="t"><p id="t">May this site measure your visit ` +
      `anonymously to test page variants? A random id is stored on this device; nothing you type is collected.</p>` +
      `<button id="y">Allow</button><button id="n">No thanks</button></div>`;
    const close = (granted?: boolean) =>
      guard(() => {
        host.remove();
        if (granted !== undefined) onAnswer(granted);
      });
    root.getElementById("y")?.addEventListener("click", close(true));
    root.getElementById("n")?.addEventListener("click", close(false));
    root.addEventListener("keydown", (e) => (e as KeyboardEvent).key === "Escape" && close()());
    document.body.appendChild(host);
  };
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", guard(mount));
}
