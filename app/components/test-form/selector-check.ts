// Immediate feedback on a CSS selector in the browser: the server's check, then the browser's own parser.
import { selectorError } from "~/domain/experiments/css-selector";

/** Why the selector will be refused, or null; the browser's querySelector throws on what it cannot parse. */
export function checkSelectorNow(selector: string): string | null {
  const error = selectorError(selector);
  if (error || typeof document === "undefined") return error;
  try {
    document.createDocumentFragment().querySelector(selector);
    return null;
  } catch {
    return "This browser cannot parse this selector";
  }
}
