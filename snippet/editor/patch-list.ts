// Edits as patch lists: one patch per element and kind of change (a second edit of the same kind
// replaces the first), the panel's wording of each patch, and the server's refusals mapped to patches.
import type { Patch } from "../../app/wire/patches";

/** What a patch changes: the same key means a later edit replaces the earlier one in place. */
export function patchKey(p: Patch): string {
  if (p.op === "css") return "css";
  return p.op === "attr" ? `attr ${p.name} ${p.sel}` : `${p.op} ${p.sel}`;
}

/** The list with `p` in place of the patch of the same key, or `p` appended. */
export function upsert(list: readonly Patch[], p: Patch): Patch[] {
  const key = patchKey(p);
  const i = list.findIndex((q) => patchKey(q) === key);
  return i < 0 ? [...list, p] : list.map((q, j) => (j === i ? p : q));
}

export const removeAt = (list: readonly Patch[], index: number): Patch[] => list.filter((_, i) => i !== index);

const clip = (s: string, n = 40) => (s.length > n ? s.slice(0, n - 1) + "…" : s);

/** One line for the panel's list of changes. */
export function describePatch(p: Patch): string {
  switch (p.op) {
    case "text":
      return `Text of ${p.sel}: "${clip(p.value)}"`;
    case "html":
      return `HTML of ${p.sel}: ${clip(p.value)}`;
    case "attr":
      return p.value === null ? `Remove ${p.name} from ${p.sel}` : `${p.name} of ${p.sel}: ${clip(p.value)}`;
    case "class":
      return `Classes of ${p.sel}: ${[...(p.add ?? []).map((c) => "+" + c), ...(p.remove ?? []).map((c) => "−" + c)].join(" ")}`;
    case "style":
      return `Style of ${p.sel}: ${clip(Object.entries(p.props).map(([k, v]) => `${k}: ${v}`).join("; "))}`;
    case "hide":
      return `Hide ${p.sel}`;
    case "css":
      return `Page CSS: ${clip(p.value.replace(/\s+/g, " "))}`;
  }
}

/** The property names the server accepts in a style patch (app/domain/experiments/patch-shape.ts). */
const PROPERTY = /^-?[a-z][a-z0-9-]{0,60}$/;

/**
 * `color: red; font-size: 2rem` → `{ color: "red", "font-size": "2rem" }`. Declarations split at
 * semicolons outside parentheses and quotes (so `url("a;b")` stays whole); an error names the first bad one.
 */
export function parseDeclarations(text: string): { props: Record<string, string> } | { error: string } {
  const props: Record<string, string> = {};
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (c === ";" && !depth) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  for (const part of parts) {
    if (!part.trim()) continue;
    const colon = part.indexOf(":");
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part.slice(colon + 1).trim();
    if (colon < 0 || !PROPERTY.test(name) || !value) return { error: `"${part.trim()}" is not a declaration like "color: red"` };
    props[name] = value;
  }
  return Object.keys(props).length ? { props } : { error: "Write at least one declaration, like \"color: red\"" };
}

/** Class names typed with spaces or commas between them. */
export const splitClasses = (text: string): string[] => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/**
 * The server's 422 issues (`patches.3.value: too long`) by patch index; issues that name no patch
 * are under -1.
 */
export function issuesByPatch(issues: readonly string[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const issue of issues) {
    const m = /^patches\.(\d+)(?:\.([^:]*))?:\s*(.*)$/.exec(issue);
    const index = m ? Number(m[1]) : -1;
    const text = m ? (m[2] ? `${m[2]}: ${m[3]}` : m[3]!) : issue;
    out.set(index, [...(out.get(index) ?? []), text]);
  }
  return out;
}
