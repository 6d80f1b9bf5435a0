// The app-data metafields on the app's installation (what the app embed reads as app.metafields.svc.*):
// the one read of them on their own, and the one metafieldsSet every writer goes through.
import { APP_DATA_NAMESPACE, parseAppInstallation, type AppDataWrite, type AppInstallationData } from "~/domain/shopify/shop-install";
import { AdminApiError, describeErrors, mutationPayload, type AdminGraphql } from "./admin-graphql";

const APP_DATA_QUERY = `#graphql
  query SvcAppData {
    currentAppInstallation {
      id
      metafields(namespace: "${APP_DATA_NAMESPACE}", first: 10) { nodes { key value } }
    }
  }`;

const SET_APP_DATA = `#graphql
  mutation SvcSetAppData($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { key value }
      userErrors { field message code }
    }
  }`;

/** The installation's id and its metafields in the svc namespace; throws an AdminApiError when Shopify refuses. */
export async function readAppData(graphql: AdminGraphql): Promise<AppInstallationData> {
  const result = await graphql(APP_DATA_QUERY);
  if (result.errors.length > 0) throw new AdminApiError(`reading the app data failed: ${describeErrors(result.errors)}`);
  const parsed = parseAppInstallation(result.data);
  if (!parsed.ok) throw new AdminApiError(`reading the app data answered unusable data: ${parsed.issues.join("; ")}`);
  return parsed.value;
}

/** Sets these metafields on the installation `ownerId`, all or none (metafieldsSet is atomic). */
export async function setAppData(graphql: AdminGraphql, ownerId: string, writes: readonly AppDataWrite[]): Promise<void> {
  const metafields = writes.map(({ key, type, value }) => ({ ownerId, namespace: APP_DATA_NAMESPACE, key, type, value }));
  mutationPayload(await graphql(SET_APP_DATA, { metafields }), "metafieldsSet");
}
