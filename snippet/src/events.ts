// Turns page facts into wire events; the only place where page data becomes event fields.
import {
  MAX_ELEMENT_ID_LENGTH,
  MAX_PATH_LENGTH,
  MAX_SELECTOR_LENGTH,
} from "../../app/wire/limits";
import { isWireText } from "../../app/wire/rules/text";
import type { ElementDescriptor, SvcEvent } from "../../app/wire/events";
import { randomId } from "./ids";
import { isRoot } from "./patches";

type Fields<T extends SvcEvent["type"]> = Omit<Extract<SvcEvent, { type: T }>, "id" | "ts" | "path" | "type">;

export function makeEvent<T extends SvcEvent["type"]>(type: T, fields: Fields<T>): SvcEvent {
  return {
    id: randomId(12),
    ts: Date.now(),
    path: location.pathname.slice(0, MAX_PATH_LENGTH),
    type,
    ...fields,
  } as SvcEvent;
}

/** Clicks on these count; clicks elsewhere (text, images, form fields) are not recorded at all. */
const INTERACTIVE =
  "a[href],button,summary,[role=button],[role=link],[type=submit],[type=button]";

export function interactiveTarget(target: EventTarget | null): Element | undefined {
  const el = target instanceof Element ? target.closest(INTERACTIVE) : null;
  return el && !isRoot(el) ? el : undefined;
}

const IDENT = /^-?[A-Za-z_][\w-]*$/;

/** Up to three levels, stopping at an element with an id: "nav#main > a.cta". */
export function shortSelector(el: Element): string {
  const parts: string[] = [];
  for (let e: Element | null = el; e && !isRoot(e) && parts.length < 3; e = e.parentElement) {
    let s = e.tagName.toLowerCase();
    if (IDENT.test(e.id)) {
      parts.unshift(s + "#" + e.id);
      break;
    }
    const classes = [...e.classList].filter((c) => IDENT.test(c)).slice(0, 2);
    if (classes.length) s += "." + classes.join(".");
    parts.unshift(s);
  }
  return parts.join(" > ").slice(0, MAX_SELECTOR_LENGTH);
}

/** Structure only: no text content, no value, no query string. */
export function describeElement(el: Element): ElementDescriptor {
  const tag = el.tagName.toLowerCase();
  const d: ElementDescriptor = { tag, sel: shortSelector(el) };
  // An id that is not wire text (control characters, half a surrogate pair, also where the cut split
  // one) would void the whole batch on the server: leave it out.
  const id = el.id.slice(0, MAX_ELEMENT_ID_LENGTH);
  if (isWireText(id, MAX_ELEMENT_ID_LENGTH)) d.id = id;
  const href = el.getAttribute("href");
  if (href !== null && tag === "a") {
    try {
      const u = new URL(href, location.href);
      // Query strings and non-web URLs (mailto:, tel:) can carry personal data: keep only what is safe.
      d.href = /^https?:$/.test(u.protocol) ? (u.origin + u.pathname).slice(0, MAX_SELECTOR_LENGTH) : u.protocol;
    } catch {
      // An unparsable href is simply not described.
    }
  }
  return d;
}
