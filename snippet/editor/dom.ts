// Builds the panel's elements in a few words: h("button", { onclick }, "Save").
import { guard } from "../src/guard";

type Child = Node | string | null | false | undefined;
type Props = Record<string, unknown>;

/**
 * An element with attributes, properties and listeners. `on<event>` keys add guarded listeners (a
 * throwing handler cannot reach the page); `value`, `checked`, `disabled`, `hidden` and `textContent`
 * are set as properties; `false`, null and undefined leave an attribute out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), guard(value as (e: Event) => void));
    else if (["value", "checked", "disabled", "hidden", "textContent"].includes(key)) (el as unknown as Props)[key] = value;
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(key, value === true ? "" : String(value));
  }
  el.append(...children.filter((c): c is Node | string => c !== null && c !== false && c !== undefined));
  return el;
}
