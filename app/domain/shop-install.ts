// What an install must leave in a shop so its storefront finds svc: the app-data metafields the app embed
// reads and the web pixel's settings; and, given what the shop holds now, the writes still needed.
import { z } from "zod";
import { parseWith, type ParseResult } from "./parse-result";

/** Namespace of the app-data metafields on the app's installation (the embed reads app.metafields.svc.*). */
export const APP_DATA_NAMESPACE = "svc";
export const APP_DATA_TYPE = "single_line_text_field";

/** What svc wants the shop to know: its Site ID and where the app answers (SHOPIFY_APP_URL). */
export interface InstallTarget {
  siteId: string;
  baseUrl: string;
}

/** What the shop holds now, as read from the Admin API. */
export interface InstallState {
  shop: { name: string; currency: string };
  installationId: string;
  /** The installation's metafields in APP_DATA_NAMESPACE, by key. */
  appData: Record<string, string>;
  /** The app's web pixel, if it has one; settings as Shopify returned them (JSON text or an object). */
  pixel: { id: string; settings: unknown } | null;
}

export type PixelWrite = { action: "create"; settings: string } | { action: "update"; id: string; settings: string };

export interface InstallWrites {
  /** App-data metafields to set (missing or different), in key order. */
  appData: Array<{ key: string; value: string }>;
  pixel: PixelWrite | null;
}

/** The app-data metafields an install leaves: what the app embed prints into the snippet tag. */
export function wantedAppData(target: InstallTarget): Record<string, string> {
  return { base_url: target.baseUrl, site_id: target.siteId };
}

/** The web pixel's settings, as JSON text with exactly the keys its extension declares (siteId, baseUrl). */
export function pixelSettingsJson(target: InstallTarget): string {
  return JSON.stringify({ siteId: target.siteId, baseUrl: target.baseUrl });
}

/** Only what differs from the target: a second install of the same shop writes nothing. */
export function planInstallWrites(state: Pick<InstallState, "appData" | "pixel">, target: InstallTarget): InstallWrites {
  const appData = Object.entries(wantedAppData(target))
    .filter(([key, value]) => state.appData[key] !== value)
    .map(([key, value]) => ({ key, value }));
  return { appData, pixel: pixelWrite(state.pixel, target) };
}

function pixelWrite(pixel: InstallState["pixel"], target: InstallTarget): PixelWrite | null {
  const settings = pixelSettingsJson(target);
  if (!pixel) return { action: "create", settings };
  if (sameSettings(pixel.settings, target)) return null;
  return { action: "update", id: pixel.id, settings };
}

/** Whether stored pixel settings (JSON text or an object) are exactly the target's: same keys, same values. */
export function sameSettings(stored: unknown, target: InstallTarget): boolean {
  let value = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      return false;
    }
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const wanted: Record<string, string> = { siteId: target.siteId, baseUrl: target.baseUrl };
  const entries = Object.entries(value);
  return entries.length === Object.keys(wanted).length && entries.every(([key, v]) => wanted[key] === v);
}

const installQueryData = z.object({
  shop: z.object({ name: z.string(), currencyCode: z.string().regex(/^[A-Z]{3}$/) }),
  currentAppInstallation: z.object({
    id: z.string().min(1),
    metafields: z.object({ nodes: z.array(z.object({ key: z.string(), value: z.string() })) }),
  }),
  webPixel: z.object({ id: z.string().min(1), settings: z.unknown() }).nullish(),
});

/**
 * The install query's `data` (shop, currentAppInstallation, webPixel) as an InstallState. `webPixel` may be
 * null or absent: Shopify answers an error on that field when the app has no pixel yet.
 */
export function parseInstallState(data: unknown): ParseResult<InstallState> {
  const parsed = parseWith(installQueryData, data);
  if (!parsed.ok) return parsed;
  const { shop, currentAppInstallation: installation, webPixel } = parsed.value;
  return {
    ok: true,
    value: {
      shop: { name: shop.name, currency: shop.currencyCode },
      installationId: installation.id,
      appData: Object.fromEntries(installation.metafields.nodes.map((m) => [m.key, m.value])),
      pixel: webPixel ? { id: webPixel.id, settings: webPixel.settings } : null,
    },
  };
}
