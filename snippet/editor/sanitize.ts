// Sanitizes the markup of an "HTML" edit with the browser's own parser: what could run code, load a
// document or restyle the whole page is dropped before the markup becomes a patch. What counts is the
// shared rule of app/wire/rules/markup.ts, which the server applies to the saved patch.

import { DROPPED_ELEMENTS, unsafeAttribute, unsafeUrl } from "../../app/wire/rules/markup";

// The rule (which elements, attributes and URLs) is the server's too: app/wire/rules/markup.ts.
export { unsafeUrl };

export interface Sanitized {
  html: string;
  /** What was taken out, e.g. `<script>`, `onclick`, `href (script or data: URL)`, for the panel to say. */
  removed: string[];
}

/**
 * Parses `html` into a template (whose content is inert: nothing runs, nothing loads), drops the
 * elements above, every `on*` attribute and every attribute holding a script or non-image data: URL,
 * and serializes what is left. Everything else (text, formatting, links, images, classes, inline
 * style attributes, SVG shapes) is kept.
 */
export function sanitizeHtml(html: string, doc: Document = document): Sanitized {
  const template = doc.createElement("template");
  template.innerHTML = html;
  const removed = new Set<string>();
  for (const el of Array.from(template.content.querySelectorAll("*"))) {
    const name = el.localName.toLowerCase();
    if (DROPPED_ELEMENTS.has(name)) {
      removed.add(`<${name}>`);
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const why = unsafeAttribute(attr.name, attr.value);
      if (!why) continue;
      removed.add(why);
      el.removeAttribute(attr.name);
    }
  }
  return { html: template.innerHTML, removed: [...removed] };
}
