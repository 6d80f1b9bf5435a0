// What happens when Shopify hands svc a new session for a shop (install, reinstall, expired token): the
// shop and its storefront site are recorded, and the shop is told where svc answers (app-data metafields for
// the app embed, the web pixel's settings). It runs again and again for the same shop, so it is idempotent.
import { randomBytes } from "node:crypto";
import { newSiteId } from "~/domain/sites/site-id";
import { APP_DATA_NAMESPACE, parseInstallState, planInstallWrites, type InstallState, type PixelWrite } from "~/domain/shopify/shop-install";
import { saveInstalledShop } from "~/models/shopify/shop-install.server";
import { AdminApiError, describeErrors, mutationPayload, type AdminGraphql, type GraphqlResult } from "~/infra/admin-graphql";
import { setAppData } from "~/infra/app-data.server";
import { hidePlanOfShop } from "./hide-metafield.server";
import { syncOfferDiscount } from "./offer-discount.server";
import { invalidateSite } from "~/services/site-cache.server";

const INSTALL_STATE_QUERY = `#graphql
  query SvcInstallState {
    shop { name currencyCode ianaTimezone }
    currentAppInstallation {
      id
      metafields(namespace: "${APP_DATA_NAMESPACE}", first: 10) { nodes { key value } }
    }
    webPixel { id settings }
  }`;

// The same without the pixel, for when Shopify's error on a missing pixel takes the whole answer with it.
const INSTALL_STATE_QUERY_WITHOUT_PIXEL = INSTALL_STATE_QUERY.replace("webPixel { id settings }", "");

const CREATE_PIXEL = `#graphql
  mutation SvcCreatePixel($webPixel: WebPixelInput!) {
    webPixelCreate(webPixel: $webPixel) {
      webPixel { id settings }
      userErrors { field message code }
    }
  }`;

const UPDATE_PIXEL = `#graphql
  mutation SvcUpdatePixel($id: ID!, $webPixel: WebPixelInput!) {
    webPixelUpdate(id: $id, webPixel: $webPixel) {
      webPixel { id settings }
      userErrors { field message code }
    }
  }`;

export interface InstallSummary {
  sitePublicId: string;
  /** Keys of the app-data metafields written this time (none when they already held the values). */
  appDataWritten: string[];
  pixel: "created" | "updated" | "unchanged";
}

/**
 * Records the install of `shop` and brings its app data and web pixel in step with `baseUrl` (the app's
 * public URL), the shop's Site ID and its hide plan (a reinstall keeps its tests), writing to Shopify only
 * what differs. Throws an AdminApiError when
 * Shopify refuses a read or a write; nothing is half-done that a later run would not finish.
 */
export async function recordInstall(shop: string, graphql: AdminGraphql, baseUrl: string): Promise<InstallSummary> {
  const state = await readInstallState(graphql);
  const { sitePublicId } = await saveInstalledShop(shop, state.shop, () => newSiteId((n) => randomBytes(n)));
  // The site may have been cached as unknown or uninstalled: a reinstall serves at once.
  invalidateSite(sitePublicId);
  const writes = planInstallWrites(state, { siteId: sitePublicId, baseUrl }, await hidePlanOfShop(shop));
  if (writes.appData.length > 0) await setAppData(graphql, state.installationId, writes.appData);
  if (writes.pixel) await writePixel(graphql, writes.pixel);
  // The offers discount too, as the hide plan is mended above; its failure is the plan sync's to retry, never the install's.
  await syncOfferDiscount(shop, graphql).catch((error: unknown) => {
    console.error(`[svc] the offers discount of ${shop} was not brought in step at install (tried again with the next change of its tests): ${(error as Error).message}`);
  });
  return {
    sitePublicId,
    appDataWritten: writes.appData.map((m) => m.key),
    pixel: writes.pixel === null ? "unchanged" : writes.pixel.action === "create" ? "created" : "updated",
  };
}

/** Shop, installation, app data and pixel in one query; a missing pixel (an error on that field) is none. */
async function readInstallState(graphql: AdminGraphql): Promise<InstallState> {
  let result = await graphql(INSTALL_STATE_QUERY);
  const otherErrors = result.errors.filter((e) => !isMissingPixelError(e));
  if (otherErrors.length > 0) throw new AdminApiError(`reading the shop failed: ${describeErrors(otherErrors)}`);
  if (result.errors.length > 0 && !hasShopData(result)) result = await graphql(INSTALL_STATE_QUERY_WITHOUT_PIXEL);
  if (result.errors.length > 0 && !hasShopData(result)) {
    throw new AdminApiError(`reading the shop failed: ${describeErrors(result.errors)}`);
  }
  const parsed = parseInstallState(result.data);
  if (!parsed.ok) throw new AdminApiError(`reading the shop answered unusable data: ${parsed.issues.join("; ")}`);
  return parsed.value;
}

function isMissingPixelError(error: GraphqlResult["errors"][number]): boolean {
  return error.path?.[0] === "webPixel" || (!error.path && /web pixel/i.test(error.message));
}

function hasShopData(result: GraphqlResult): boolean {
  return Boolean(result.data?.shop && result.data.currentAppInstallation);
}

async function writePixel(graphql: AdminGraphql, write: PixelWrite) {
  const webPixel = { settings: write.settings };
  if (write.action === "create") mutationPayload(await graphql(CREATE_PIXEL, { webPixel }), "webPixelCreate");
  else mutationPayload(await graphql(UPDATE_PIXEL, { id: write.id, webPixel }), "webPixelUpdate");
}
