// The fields of each kind of change the panel offers for a selected element, and the patches they make.
import type { Patch } from "../../app/wire/patches";
import { h } from "./dom";
import { parseDeclarations, splitClasses } from "./patch-list";
import { markupProblems, unsafeAttribute } from "../../app/wire/rules/markup";
import { sanitizeHtml, unsafeUrl } from "./sanitize";

export type ChangeKind = "text" | "html" | "image" | "link" | "attr" | "class" | "style" | "hide";

const LABELS: Record<ChangeKind, string> = {
  text: "Text",
  html: "HTML",
  image: "Image source and alt text",
  link: "Link target",
  attr: "Attribute",
  class: "Classes",
  style: "Inline style",
  hide: "Hide",
};

/** The kinds that make sense for this element: images and links get their own. */
export function kindsFor(el: Element): { kind: ChangeKind; label: string }[] {
  const kinds: ChangeKind[] = ["text", "html"];
  if (el.localName === "img") kinds.unshift("image");
  if (el.localName === "a") kinds.unshift("link");
  kinds.push("attr", "class", "style", "hide");
  return kinds.map((kind) => ({ kind, label: LABELS[kind] }));
}

export type Built = { patches: Patch[]; note?: string } | { error: string };

export interface EditForm {
  fields: HTMLElement;
  /** The patches for `sel` from what the fields hold now, or why not. */
  build(sel: string): Built;
}

const ATTRIBUTE_NAME = /^[a-zA-Z_:][-a-zA-Z0-9_:.]{0,100}$/;

const field = (label: string, control: HTMLElement) => h("label", { class: "field" }, h("span", {}, label), control);

/** The form for one kind of change, prefilled from the element as the page shows it now. */
export function editForm(kind: ChangeKind, el: Element): EditForm {
  switch (kind) {
    case "text": {
      const text = h("textarea", { rows: 3, value: el.textContent ?? "" });
      return {
        fields: field("New text", text),
        build: (sel) =>
          text.value.trim() ? { patches: [{ op: "text", sel, value: text.value }] } : { error: "Enter the new text (to take the element away, choose Hide)." },
      };
    }
    case "html": {
      const html = h("textarea", { rows: 5, value: el.innerHTML });
      return {
        fields: field("New HTML", html),
        build: (sel) => {
          const clean = sanitizeHtml(html.value);
          // The server reads the saved markup again with the same rule (app/wire/rules/markup.ts).
          const left = markupProblems(clean.html);
          if (left.length) return { error: `This HTML cannot be saved safely (${left.join(", ")}): simplify it.` };
          const note = clean.removed.length ? `Removed for safety: ${clean.removed.join(", ")}` : undefined;
          return { patches: [{ op: "html", sel, value: clean.html }], note };
        },
      };
    }
    case "image": {
      const src = h("input", { type: "url", value: el.getAttribute("src") ?? "" });
      const alt = h("input", { type: "text", value: el.getAttribute("alt") ?? "" });
      return {
        fields: h("div", {}, field("Image URL", src), field("Alt text", alt)),
        build: (sel) => {
          if (!src.value.trim() || unsafeUrl(src.value)) return { error: "Give the image an http(s) URL." };
          const patches: Patch[] = [];
          if (src.value !== el.getAttribute("src")) patches.push({ op: "attr", sel, name: "src", value: src.value.trim() });
          if (alt.value !== (el.getAttribute("alt") ?? "")) patches.push({ op: "attr", sel, name: "alt", value: alt.value });
          // A srcset would win over the new src in most browsers: it goes with it.
          if (patches.some((p) => p.op === "attr" && p.name === "src") && el.hasAttribute("srcset"))
            patches.push({ op: "attr", sel, name: "srcset", value: null });
          return patches.length ? { patches } : { error: "Nothing changed." };
        },
      };
    }
    case "link": {
      const href = h("input", { type: "text", value: el.getAttribute("href") ?? "" });
      return {
        fields: field("Link URL", href),
        build: (sel) =>
          unsafeUrl(href.value) || !href.value.trim()
            ? { error: "Give the link a URL (https://…, /page, #part or mailto:)." }
            : { patches: [{ op: "attr", sel, name: "href", value: href.value.trim() }] },
      };
    }
    case "attr": {
      const name = h("input", { type: "text" });
      const value = h("input", { type: "text" });
      const remove = h("input", { type: "checkbox" });
      return {
        fields: h("div", {}, field("Attribute name", name), field("Attribute value", value), h("label", { class: "check" }, remove, "Remove the attribute")),
        build: (sel) => {
          const n = name.value.trim();
          if (!ATTRIBUTE_NAME.test(n) || /^on/i.test(n)) return { error: "Name an attribute (event handlers such as onclick are not allowed)." };
          if (unsafeAttribute(n, remove.checked ? null : value.value)) return { error: "Script and data: URLs, and srcdoc, are not allowed." };
          return { patches: [{ op: "attr", sel, name: n, value: remove.checked ? null : value.value }] };
        },
      };
    }
    case "class": {
      const add = h("input", { type: "text" });
      const remove = h("input", { type: "text", value: "" });
      return {
        fields: h("div", {}, field("Add classes", add), field("Remove classes", remove)),
        build: (sel) => {
          const a = splitClasses(add.value);
          const r = splitClasses(remove.value);
          if (!a.length && !r.length) return { error: "Name a class to add or remove." };
          return { patches: [{ op: "class", sel, ...(a.length > 0 && { add: a }), ...(r.length > 0 && { remove: r }) }] };
        },
      };
    }
    case "style": {
      const decl = h("textarea", { rows: 3, placeholder: "color: #b00; font-weight: 700" });
      return {
        fields: field("Declarations", decl),
        build: (sel) => {
          const parsed = parseDeclarations(decl.value);
          return "error" in parsed ? parsed : { patches: [{ op: "style", sel, props: parsed.props }] };
        },
      };
    }
    case "hide":
      return {
        fields: h("p", { class: "hint" }, "Hides every element the selector matches (display: none), also those that appear later."),
        build: (sel) => ({ patches: [{ op: "hide", sel }] }),
      };
  }
}
