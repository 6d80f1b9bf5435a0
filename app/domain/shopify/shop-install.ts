// What an install must leave in a shop so its storefront finds svc: the app-data metafields the app embed
// reads and the web pixel's settings; and, given what the shop holds now, the writes still needed.
import { z } from "zod";
import { hidePlanValue, sameHidePlan, type HidePlan } from "./hide-plan";
import { parseWith, type ParseResult } from "../parse-result";

/** Namespace of the app-data metafields on the app's installation (the embed reads app.metafields.svc.*). */
export const APP_DATA_NAMESPACE = "svc";
/** Type of the install's text metafields (base_url, site_id). */
export const APP_DATA_TYPE = "single_line_text_field";
/** Key and type of the hide plan (app/domain/shopify/hide-plan.ts), kept current as tests start and stop. */
export const HIDE_KEY = "hide";
export const HIDE_TYPE = "json";

/** One app-data metafield to set on the installation. */
export interface AppDataWrite {
  key: string;
  type: string;
  value: string;
}

/** What svc wants the shop to know: its Site ID and where the app answers (SHOPIFY_APP_URL). */
export interface InstallTarget {
  siteId: string;
  baseUrl: string;
}

/** What the shop holds now, as read from the Admin API. */
export interface InstallState {
  /** timeZone: an IANA zone this runtime knows, else UTC (schedules are entered in it). */
  shop: { name: string; currency: string; timeZone: string };
  installationId: string;
  /** The installation's metafields in APP_DATA_NAMESPACE, by key. */
  appData: Record<string, string>;
  /** The app's web pixel, if it has one; settings as Shopify returned them (JSON text or an object). */
  pixel: { id: string; settings: unknown } | null;
}

export type PixelWrite = { action: "create"; settings: string } | { action: "update"; id: string; settings: string };

export interface InstallWrites {
  /** App-data metafields to set (missing or different), in key order, the hide plan last. */
  appData: AppDataWrite[];
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

/**
 * Only what differs from the target and the shop's current hide plan: a second install of the same shop
 * writes nothing. Every new session runs it, so it also mends a hide plan a failed write left stale.
 */
export function planInstallWrites(state: Pick<InstallState, "appData" | "pixel">, target: InstallTarget, hide: HidePlan): InstallWrites {
  const appData: AppDataWrite[] = Object.entries(wantedAppData(target))
    .filter(([key, value]) => state.appData[key] !== value)
    .map(([key, value]) => ({ key, type: APP_DATA_TYPE, value }));
  const hideData = hideWrite(state.appData, hide);
  if (hideData) appData.push(hideData);
  return { appData, pixel: pixelWrite(state.pixel, target) };
}

/** The write of the hide plan, or null when the installation's metafields already say the same (absent = hide nothing). */
export function hideWrite(appData: Readonly<Record<string, string>>, plan: HidePlan): AppDataWrite | null {
  return sameHidePlan(appData[HIDE_KEY], plan) ? null : { key: HIDE_KEY, type: HIDE_TYPE, value: hidePlanValue(plan) };
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

const installationData = z.object({
  id: z.string().min(1),
  metafields: z.object({ nodes: z.array(z.object({ key: z.string(), value: z.string() })) }),
});

const installQueryData = z.object({
  shop: z.object({ name: z.string(), currencyCode: z.string().regex(/^[A-Z]{3}$/), ianaTimezone: z.string().nullish() }),
  currentAppInstallation: installationData,
  webPixel: z.object({ id: z.string().min(1), settings: z.unknown() }).nullish(),
});

/** The app's installation and its metafields in APP_DATA_NAMESPACE, by key. */
export interface AppInstallationData {
  installationId: string;
  appData: Record<string, string>;
}

/** A query's `data` holding `currentAppInstallation { id metafields { nodes { key value } } }`. */
export function parseAppInstallation(data: unknown): ParseResult<AppInstallationData> {
  const parsed = parseWith(z.object({ currentAppInstallation: installationData }), data);
  if (!parsed.ok) return parsed;
  const installation = parsed.value.currentAppInstallation;
  return { ok: true, value: { installationId: installation.id, appData: Object.fromEntries(installation.metafields.nodes.map((m) => [m.key, m.value])) } };
}

/** `zone` when this runtime's Intl knows it (Shopify names IANA zones), else UTC. */
function knownTimeZone(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

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
      shop: { name: shop.name, currency: shop.currencyCode, timeZone: knownTimeZone(shop.ianaTimezone) },
      installationId: installation.id,
      appData: Object.fromEntries(installation.metafields.nodes.map((m) => [m.key, m.value])),
      pixel: webPixel ? { id: webPixel.id, settings: webPixel.settings } : null,
    },
  };
}
