// Sanitizes the markup of an "HTML" edit with the browser's own parser: what could run code, load a
// document or restyle the whole page is dropped before the markup becomes a patch.

/**
 * Elements dropped with their content: scripts, anything that embeds another document or plugin,
 * style sheets and what changes how the page itself loads (base, meta, link), and SVG's animation
 * elements, which can set an href to a script URL.
 */
const DROPPED = new Set([
  "script", "iframe", "frame", "frameset", "object", "embed", "applet", "portal", "style", "link", "meta", "base",
  "noscript", "template", "foreignobject", "set", "animate", "animatemotion", "animatetransform", "discard",
]);

/** Dropped whatever its value (a document in an attribute); event handlers are caught by their `on` prefix. */
const DROPPED_ATTRIBUTES = new Set(["srcdoc"]);

/** Images inline as data: URLs are allowed; any other data: URL, and javascript: and vbscript:, are not. */
export function unsafeUrl(value: string): boolean {
  const v = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  if (v.startsWith("javascript:") || v.startsWith("vbscript:")) return true;
  return v.startsWith("data:") && !/^data:image\/(?:png|jpe?g|gif|webp|avif)[;,]/.test(v);
}

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
    if (DROPPED.has(name)) {
      removed.add(`<${name}>`);
      el.remove();
      continue;
    }
    for (const attr of Array.from(el.attributes)) {
      const attrName = attr.name.toLowerCase();
      if (attrName.startsWith("on") || DROPPED_ATTRIBUTES.has(attrName)) removed.add(attrName);
      else if (unsafeUrl(attr.value)) removed.add(`${attrName} (script or data: URL)`);
      else continue;
      el.removeAttribute(attr.name);
    }
  }
  return { html: template.innerHTML, removed: [...removed] };
}
