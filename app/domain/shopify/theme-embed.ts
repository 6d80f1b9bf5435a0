// Whether svc's app embed is switched on in a theme (read from its config/settings_data.json), and the
// theme-editor link that opens it ready to switch on.

/** The app embed's block handle: its file name in extensions/svc-embed/blocks/. */
export const EMBED_BLOCK_HANDLE = "svc-embed";

/** "unknown": the file is missing or not the JSON Shopify writes, so nothing can be said. */
export type EmbedState = "on" | "off" | "unknown";

// Shopify writes the file with a `/* … auto-generated … */` header, which JSON.parse refuses.
const LEADING_COMMENTS = /^\uFEFF?(?:\s*\/\*[\s\S]*?\*\/)*/;

/** The file's text without the block comments before its JSON. */
export function stripLeadingComments(text: string): string {
  return text.replace(LEADING_COMMENTS, "");
}

/**
 * The embed's state from the text of settings_data.json. App embeds live in `current.blocks` (or, when
 * `current` names a preset, in that preset's blocks) with a `type` of
 * `shopify://apps/<app>/blocks/svc-embed/<id>`; one that is not `disabled: true` is on.
 */
export function embedState(settingsData: string | null | undefined): EmbedState {
  if (typeof settingsData !== "string") return "unknown";
  let data: unknown;
  try {
    data = JSON.parse(stripLeadingComments(settingsData));
  } catch {
    return "unknown";
  }
  const current = currentSettings(data);
  if (!current) return "unknown";
  const blocks = isObject(current.blocks) ? Object.values(current.blocks) : [];
  const ours = blocks.filter((block) => isObject(block) && typeof block.type === "string" && block.type.includes(`/blocks/${EMBED_BLOCK_HANDLE}/`));
  return ours.some((block) => isObject(block) && block.disabled !== true) ? "on" : "off";
}

/** `current`, or the preset it names (older themes keep `"current": "Default"`). */
function currentSettings(data: unknown): Record<string, unknown> | null {
  if (!isObject(data)) return null;
  const { current, presets } = data;
  if (isObject(current)) return current;
  if (typeof current === "string" && isObject(presets) && isObject(presets[current])) return presets[current];
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What the admin's install card shows. */
export type EmbedStatus =
  | { mode: "demo" }
  | {
      mode: "shopify";
      /** "could-not-check": the Admin API failed; the page says so instead of failing. */
      embed: EmbedState | "could-not-check";
      /** The live theme's name, when it was read. */
      themeName: string | null;
      /** Opens the theme editor with the embed ready to switch on (top-level). */
      activateUrl: string;
    };

/**
 * The theme editor on the live theme, App embeds open and svc's embed ready to switch on. `appId` is the
 * app's client id (SHOPIFY_API_KEY). Open it top-level: it leaves the embedded admin's iframe.
 */
export function embedActivationUrl(shop: string, appId: string): string {
  return `https://${shop}/admin/themes/current/editor?context=apps&activateAppId=${encodeURIComponent(appId)}/${EMBED_BLOCK_HANDLE}`;
}
