// The editor's page rules (exact, prefix, contains, wildcard; on Shopify also a template type) and the
// stored patterns they stand for. Matching is never done here: the stored patterns go through
// app/wire/rules/targeting.ts like the snippet's.
import { matchesAnyPath, TEMPLATE_PREFIX } from "~/wire";

/** The URL rule kinds, offered on every site. */
export const PAGE_RULE_KINDS = ["exact", "prefix", "contains", "wildcard"] as const;
/** "template": a Shopify template type (Liquid's `template.name`), stored as `template:<name>`. */
export type PageRuleKind = (typeof PAGE_RULE_KINDS)[number] | "template";

/** The template types a rule may name, with the editor's labels (Home is Shopify's `index`). */
export const TEMPLATE_TYPES = [
  { name: "index", label: "Home" },
  { name: "product", label: "Product" },
  { name: "collection", label: "Collection" },
  { name: "list-collections", label: "Collections list" },
  { name: "page", label: "Page" },
  { name: "blog", label: "Blog" },
  { name: "article", label: "Article" },
  { name: "cart", label: "Cart" },
  { name: "search", label: "Search" },
] as const;

export function isTemplateName(name: string): boolean {
  return TEMPLATE_TYPES.some((t) => t.name === name);
}

export interface PageRule {
  kind: PageRuleKind;
  value: string;
}

/** Longest pattern kept; long enough for any real path, short enough to keep the snippet's answer small. */
export const MAX_PAGE_PATTERN_LENGTH = 500;

/** Why the rule cannot be stored, or null when it can. */
export function pageRuleError(rule: PageRule): string | null {
  const value = rule.value.trim();
  if (rule.kind === "template") return isTemplateName(value) ? null : "Choose a template type";
  if (!value) return "Enter a path";
  if (value.length > MAX_PAGE_PATTERN_LENGTH) return `Keep it under ${MAX_PAGE_PATTERN_LENGTH} characters`;
  if (/\s/.test(value)) return "A path has no spaces";
  if (rule.kind !== "wildcard" && value.includes("*")) return "Only a wildcard rule may contain *";
  // A wildcard may open with * ("*" is every page, "*/reviews" any path ending so).
  const opening = rule.kind === "wildcard" ? /^[/*]/ : /^\//;
  if (rule.kind !== "contains" && !opening.test(value)) return "A path starts with /";
  if (rule.kind === "contains" && value === "*") return "Enter the text the path contains";
  return null;
}

/** The stored pattern of a valid rule: exact "/a" → "/a", prefix "/a" → "/a*", contains "x" → "*x*". */
export function pageRuleToPattern(rule: PageRule): string {
  const value = rule.value.trim();
  switch (rule.kind) {
    case "exact":
    case "wildcard":
      return value;
    case "prefix":
      return `${value}*`;
    case "contains":
      return `*${value}*`;
    case "template":
      return TEMPLATE_PREFIX + value;
  }
}

/** A stored pattern as the most specific rule that gives it back ("*x*" is contains, "/a*" prefix). */
export function patternToPageRule(pattern: string): PageRule {
  if (pattern.startsWith(TEMPLATE_PREFIX)) return { kind: "template", value: pattern.slice(TEMPLATE_PREFIX.length) };
  const stars = pattern.split("*").length - 1;
  if (stars === 0 && pattern.startsWith("/")) return { kind: "exact", value: pattern };
  if (stars === 1 && pattern.endsWith("*") && pattern.startsWith("/")) return { kind: "prefix", value: pattern.slice(0, -1) };
  if (stars === 2 && pattern.length > 2 && pattern.startsWith("*") && pattern.endsWith("*")) {
    return { kind: "contains", value: pattern.slice(1, -1) };
  }
  return { kind: "wildcard", value: pattern };
}

/**
 * Whether a URL or path typed in the tester is targeted by the valid URL rules, by the snippet's own
 * rule. A URL does not tell its template: template rules are left out (`templates` counts them; the
 * storefront checks them).
 */
export function testPageUrl(rules: readonly PageRule[], typed: string): { path: string; matches: boolean; templates: number } | null {
  const path = pathOf(typed.trim());
  if (path === null) return null;
  const valid = rules.filter((rule) => pageRuleError(rule) === null);
  const patterns = valid.filter((rule) => rule.kind !== "template").map(pageRuleToPattern);
  return { path, matches: matchesAnyPath(patterns, path), templates: valid.length - patterns.length };
}

/** The pathname the snippet would match: a full URL's path, or the typed path without query and hash. */
function pathOf(typed: string): string | null {
  if (!typed) return null;
  if (typed.startsWith("/")) return typed.replace(/[?#].*$/, "") || "/";
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`).pathname;
  } catch {
    return null;
  }
}
