// The admin home's install card: whether svc's app embed is on in the shop's live theme, read from the
// theme's settings through the Admin API (read_themes), and the link that switches it on.
import { embedActivationUrl, embedState, type EmbedStatus } from "~/domain/shopify/theme-embed";
import { appEnv } from "~/env.server";
import { AdminApiError, describeErrors, type AdminGraphql } from "~/infra/admin-graphql";

const MAIN_THEME = `#graphql
  query SvcMainTheme {
    themes(first: 1, roles: [MAIN]) { nodes { id name } }
  }`;

const THEME_SETTINGS = `#graphql
  query SvcThemeSettings($id: ID!) {
    theme(id: $id) {
      files(filenames: ["config/settings_data.json"]) {
        nodes { body { ... on OnlineStoreThemeFileBodyText { content } } }
      }
    }
  }`;

/**
 * The embed's state for the shop. `graphql` is null in the local demo, which makes no Admin API call. A
 * failure of the Admin API never throws: it is logged and shown as "could-not-check". The activation link
 * names this app by its API key (SHOPIFY_API_KEY), read here.
 */
export async function loadEmbedStatus(shop: string, graphql: AdminGraphql | null): Promise<EmbedStatus> {
  if (!graphql) return { mode: "demo" };
  const activateUrl = embedActivationUrl(shop, appEnv().shopify.apiKey);
  try {
    const theme = await liveTheme(graphql);
    if (!theme) return { mode: "shopify", embed: "unknown", themeName: null, activateUrl };
    return { mode: "shopify", embed: embedState(await settingsData(graphql, theme.id)), themeName: theme.name, activateUrl };
  } catch (error) {
    console.warn(`[svc] could not check the app embed of ${shop}: ${reason(error)}`);
    return { mode: "shopify", embed: "could-not-check", themeName: null, activateUrl };
  }
}

async function liveTheme(graphql: AdminGraphql): Promise<{ id: string; name: string } | null> {
  const result = await graphql(MAIN_THEME);
  if (result.errors.length > 0) throw new AdminApiError(`themes: ${describeErrors(result.errors)}`);
  const nodes = (result.data?.themes as { nodes?: Array<{ id?: unknown; name?: unknown }> } | undefined)?.nodes;
  const theme = nodes?.[0];
  if (!theme || typeof theme.id !== "string") return null;
  return { id: theme.id, name: typeof theme.name === "string" ? theme.name : "" };
}

/** The text of the theme's config/settings_data.json; null when the theme has no such file. */
async function settingsData(graphql: AdminGraphql, themeId: string): Promise<string | null> {
  const result = await graphql(THEME_SETTINGS, { id: themeId });
  if (result.errors.length > 0) throw new AdminApiError(`theme files: ${describeErrors(result.errors)}`);
  const theme = result.data?.theme as { files?: { nodes?: Array<{ body?: { content?: unknown } }> } } | null | undefined;
  const content = theme?.files?.nodes?.[0]?.body?.content;
  return typeof content === "string" ? content : null;
}

/** The library throws a Response when the Admin API answered an HTTP error. */
function reason(error: unknown): string {
  if (error instanceof Response) return `the Admin API answered ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}
