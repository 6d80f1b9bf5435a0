// Tells names a person chose (and that survive the next deploy) from names a build tool or framework
// generated for one build or one render, so that the editor's selectors rest on the former only.

/** Prefixes of CSS-in-JS and scoped-style class names (emotion, styled-components, styled-jsx, Svelte, …). */
const TOOL_PREFIX = /^(?:css|sc|jsx|svelte|emotion|tw|astro|chakra|mui|glamor|styled|makeStyles|jss|ember|vue|ng-tns|_ngcontent|_nghost)[-_]/i;

/** Classes that say what state an element is in right now (hovered, open, animated): gone on the next visit. */
const STATE_CLASS =
  /^(?:is-|has-|ng-|aos-|animate__)|^(?:active|current|selected|open|opened|closed|visible|hidden|show|shown|hover|hovered|focus|focused|focus-visible|disabled|loading|loaded|animated|in-view|sticky|fixed|scrolled|collapsed|expanded)$/i;

/** True for a name that looks machine-made: a hash, a build-time suffix, a render counter. */
export function looksGenerated(name: string): boolean {
  if (!name || name.length > 60) return true;
  if (TOOL_PREFIX.test(name)) return true;
  // A run of digits is a counter or a record id (ember123, product-4711, template--1638…__main).
  if (/\d{3,}/.test(name)) return true;
  for (const token of name.split(/[-_]+/)) {
    // Letters and digits mixed in one longer token: a hash (3xYz9, a1b2c3).
    if (token.length >= 5 && /\d/.test(token) && /[a-z]/i.test(token)) return true;
    if (/^[a-f0-9]{6,}$/i.test(token) && /\d/.test(token)) return true;
    // Case flipping every letter or two (aXZVg, kKQrId) rather than at word starts (productCardTitle).
    if (token.length >= 4 && /[a-z]/.test(token) && /[A-Z]/.test(token)) {
      const humps = token.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? [];
      if (humps.filter((h) => h.length <= 2).length >= 2) return true;
    }
  }
  return false;
}

/** An id worth a selector: chosen by a person (React's `:r1:` and Radix's `radix-:r2:` are per render). */
export function stableId(id: string): boolean {
  return !id.includes(":") && !/\s/.test(id) && !looksGenerated(id);
}

/** A class worth a selector: neither generated nor a momentary state. */
export function stableClass(name: string): boolean {
  return !STATE_CLASS.test(name) && !looksGenerated(name);
}

/** data-* attributes written to find elements by (tests, Shopify sections): their values are trusted as they are. */
export const ANCHOR_DATA = ["data-testid", "data-test-id", "data-test", "data-qa", "data-cy", "data-section-id", "data-section-type", "data-block-id"];

/** A data-* attribute (name and value) worth a selector. The editor's own and svc's are never used. */
export function stableData(name: string, value: string): boolean {
  if (!name.startsWith("data-") || name.startsWith("data-svc") || !value || value.length > 100) return false;
  if (ANCHOR_DATA.includes(name)) return true;
  // Other data-* (data-v-7ba5bd90 is Vue's scoped-style marker; JSON payloads are state, not names).
  return !looksGenerated(name.slice(5)) && value.length <= 60 && !/^[[{]/.test(value) && !/\s/.test(value) && !looksGenerated(value);
}
