// The consent prompt for consent-required regions: small, labelled, keyboard usable, isolated in a shadow root.
import type { ConsentPrompt } from "../../app/wire/consent";
import { guard, isObject } from "./guard";

/** The server's `prompt` when every field is a non-empty string; anything else means no prompt at all. */
export const parsePrompt = (v: unknown): ConsentPrompt | undefined =>
  isObject(v) && [v.lang, v.dir, v.message, v.allow, v.decline, v.style].every((s) => s && typeof s == "string")
    ? (v as unknown as ConsentPrompt)
    : undefined;

/**
 * Shows the prompt and calls `onAnswer(true|false)` once. Escape or closing the page leaves the
 * question open (asked again on the next pageview). The host element is appended to body as a
 * child node; body's own attributes are never touched. Focus is not stolen: the prompt is a
 * labelled region, reachable with Tab like any other content. The words come from the server, so
 * they only ever become text (the style sheet's too); `lang` and `dir` go on the region, for screen
 * readers and layout.
 */
export function showPrompt(text: ConsentPrompt, onAnswer: (granted: boolean) => void): void {
  const mount = () => {
    const host = document.createElement("svc-consent");
    const root = host.attachShadow({ mode: "open" });
    // No <form> in the shadow root, so the buttons need no type; they are reachable with Tab.
    root.innerHTML =
      `<style></style><div role="region" aria-labelledby="t"><p id="t"></p><button id="y"></button><button id="n"></button></div>`;
    const [style, region, message, allow, decline] = root.querySelectorAll("*") as NodeListOf<HTMLElement>;
    style!.textContent = text.style;
    region!.lang = text.lang;
    region!.dir = text.dir;
    message!.textContent = text.message;
    allow!.textContent = text.allow;
    decline!.textContent = text.decline;
    const close = (granted?: boolean) =>
      guard(() => {
        host.remove();
        if (granted !== undefined) onAnswer(granted);
      });
    allow!.onclick = close(true);
    decline!.onclick = close(false);
    root.addEventListener("keydown", (e) => (e as KeyboardEvent).key === "Escape" && close()());
    document.body.appendChild(host);
  };
  if (document.body) mount();
  else document.addEventListener("DOMContentLoaded", guard(mount));
}
