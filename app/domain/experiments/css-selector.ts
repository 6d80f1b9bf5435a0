// Whether a CSS selector is one every browser parses, checked on the server before a patch or goal is
// stored: the snippet throws away the whole /api/patches answer when one selector fails to parse.
import { parse, type Selector } from "css-what";

// Pseudo-classes all current browsers parse in querySelector; an unknown one throws there, so it is refused here.
const PSEUDO_CLASSES = new Set([
  "active", "any-link", "checked", "default", "defined", "disabled", "empty", "enabled", "first-child",
  "first-of-type", "focus", "focus-visible", "focus-within", "has", "hover", "in-range", "indeterminate",
  "invalid", "is", "lang", "last-child", "last-of-type", "link", "not", "nth-child", "nth-last-child",
  "nth-last-of-type", "nth-of-type", "only-child", "only-of-type", "optional", "out-of-range",
  "placeholder-shown", "read-only", "read-write", "required", "root", "scope", "target", "valid",
  "visited", "where",
]);

/** Why the selector cannot be used, or null when it is fine. Pseudo-elements never match an element. */
export function selectorError(selector: string): string | null {
  if (!selector.trim()) return "Enter a CSS selector";
  if (selector.length > 500) return "Keep the selector under 500 characters";
  let parsed: Selector[][];
  try {
    parsed = parse(selector);
  } catch {
    return "This is not a valid CSS selector";
  }
  return listError(parsed);
}

function listError(list: Selector[][]): string | null {
  for (const compound of list) {
    for (const part of compound) {
      if (part.type === "pseudo-element") return `::${part.name} is not an element a change can apply to`;
      if (part.type !== "pseudo") continue;
      if (!PSEUDO_CLASSES.has(part.name)) return `:${part.name} is not a pseudo-class browsers know`;
      if (Array.isArray(part.data)) {
        const inner = listError(part.data);
        if (inner) return inner;
      }
    }
  }
  return null;
}
