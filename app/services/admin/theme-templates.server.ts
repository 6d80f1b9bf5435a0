// The alternate templates a Shopify variant can show (`?view=suffix`): the live theme's
// templates/<type>.<suffix>.json|liquid files, read through the shop's Admin API (read_themes).
import { AdminApiError, describeErrors, type AdminGraphql } from "~/infra/admin-graphql";

const MAIN_THEME = `#graphql
  query SvcMainThemeForTemplates {
    themes(first: 1, roles: [MAIN]) { nodes { id name } }
  }`;

// Shopify expands * in theme file names; one page of 250 covers any real theme's templates.
const TEMPLATE_FILES = `#graphql
  query SvcThemeTemplates($id: ID!) {
    theme(id: $id) {
      files(filenames: ["templates/*"], first: 250) { nodes { filename } }
    }
  }`;

export interface TemplateChoice {
  suffix: string;
  /** The template types that have this suffix ("product", "collection", "customers/account"). */
  types: string[];
}

export type AlternateTemplates =
  /** The local demo has no Admin API: the suffix is typed. */
  | { source: "typed" }
  | { source: "theme"; themeName: string; choices: TemplateChoice[] }
  /** The Admin API failed or there is no live theme: the suffix is typed, with a warning. */
  | { source: "unavailable" };

const TEMPLATE_FILE = /^templates\/((?:customers\/)?[a-z0-9_-]+)\.([a-z0-9][a-z0-9_-]*)\.(json|liquid)$/i;

/** The suffixes of alternate templates among theme file names, sorted, each with its template types. */
export function templateChoices(filenames: readonly string[]): TemplateChoice[] {
  const bySuffix = new Map<string, Set<string>>();
  for (const filename of filenames) {
    const match = TEMPLATE_FILE.exec(filename);
    if (!match) continue;
    const [, type, suffix] = match as unknown as [string, string, string];
    bySuffix.set(suffix, (bySuffix.get(suffix) ?? new Set()).add(type));
  }
  return [...bySuffix.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([suffix, types]) => ({ suffix, types: [...types].sort() }));
}

/** The live theme's alternate templates; `graphql` is null in the demo. Never throws: failures are logged. */
export async function loadAlternateTemplates(shop: string, graphql: AdminGraphql | null): Promise<AlternateTemplates> {
  if (!graphql) return { source: "typed" };
  try {
    const themes = await graphql(MAIN_THEME);
    if (themes.errors.length > 0) throw new AdminApiError(`themes: ${describeErrors(themes.errors)}`);
    const theme = (themes.data?.themes as { nodes?: Array<{ id?: unknown; name?: unknown }> } | undefined)?.nodes?.[0];
    if (!theme || typeof theme.id !== "string") return { source: "unavailable" };
    const files = await graphql(TEMPLATE_FILES, { id: theme.id });
    if (files.errors.length > 0) throw new AdminApiError(`theme files: ${describeErrors(files.errors)}`);
    const nodes = (files.data?.theme as { files?: { nodes?: Array<{ filename?: unknown }> } } | null | undefined)?.files?.nodes ?? [];
    const names = nodes.map((node) => node.filename).filter((name): name is string => typeof name === "string");
    return { source: "theme", themeName: typeof theme.name === "string" ? theme.name : "", choices: templateChoices(names) };
  } catch (error) {
    const reason = error instanceof Response ? `the Admin API answered ${error.status}` : error instanceof Error ? error.message : String(error);
    console.warn(`[svc] could not list the theme templates of ${shop}: ${reason}`);
    return { source: "unavailable" };
  }
}
