// Style sheets the snippet adds without writing any attribute on html/head/body, and the selector
// guard that keeps every rule it adds from matching html, head or body (guarantee 2).

const NOT_ROOTS = ":not(html,head,body)";

/**
 * Splits a selector list at its top-level commas (not inside parentheses or brackets). A comma
 * inside a quoted value splits wrongly; the broken selector then matches nothing or is dropped.
 */
export function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && !depth) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * `a, b::before` → `:is(a):not(html,head,body), :is(b):not(html,head,body)::before`.
 * :is() is forgiving, so an invalid part matches nothing instead of voiding the whole rule.
 */
export function guardSelector(list: string): string {
  return splitSelectorList(list)
    .map((part) => {
      const i = part.search(/::|:(?:before|after|first-line|first-letter)\b/i);
      const at = i < 0 ? part.length : i;
      return ":is(" + (part.slice(0, at).trim() || "*") + ")" + NOT_ROOTS + part.slice(at);
    })
    .join(",");
}

type RuleParent = CSSStyleSheet | CSSGroupingRule;

/** Rewrites every style rule with guardSelector; a rule that cannot be rewritten is deleted. */
export function guardRules(parent: RuleParent): void {
  const rules = parent.cssRules;
  for (let i = rules.length; i--; ) {
    const rule = rules[i] as CSSStyleRule | undefined;
    if (!rule) continue;
    if ("selectorText" in rule) {
      const before = rule.selectorText;
      rule.selectorText = guardSelector(before);
      if (rule.selectorText === before) parent.deleteRule(i);
    } else if ("cssRules" in rule) {
      guardRules(rule as CSSGroupingRule);
    }
  }
}

/**
 * Adds a style sheet as a `<style>` child appended to head (a node added, never an attribute, class or
 * style on head itself) and returns the element. `guardAll` rewrites its rules with guardSelector in the
 * same task as the append, so an unguarded rule is never rendered.
 */
export function addSheet(css: string, guardAll?: boolean): HTMLStyleElement {
  const el = document.createElement("style");
  el.textContent = css;
  document.head.appendChild(el);
  try {
    if (guardAll && el.sheet) guardRules(el.sheet);
  } catch {
    // Rules that cannot be guarded are never rendered: the sheet is emptied in the same task.
    el.textContent = "";
  }
  return el;
}
