// svc's automatic app discount on a shop (the one discount its Discount Function, extensions/svc-offers, runs
// under): read it with its configuration metafield, create it, update that metafield, delete it.
import { OFFER_METAFIELD, OFFER_METAFIELD_KEYS } from "~/wire/offers";
import { AdminApiError, describeErrors, mutationPayload, type AdminGraphql } from "./admin-graphql";

/** The function's handle in its shopify.extension.toml: Shopify resolves it to this app's function. */
export const OFFER_FUNCTION_HANDLE = "svc-offers";

/** The alias each metafield is read under: `shard0` for "offers", `shard1` for "offers-2"…, `shard4` for the variables. */
export const shardAlias = (i: number) => `shard${i}`;

const HELD = `#graphql
  query SvcOfferDiscount($id: ID!) {
    automaticDiscountNode(id: $id) {
      id
      ${OFFER_METAFIELD_KEYS.map((key, i) => `${shardAlias(i)}: metafield(namespace: "${OFFER_METAFIELD.namespace}", key: "${key}") { value }`).join("\n      ")}
    }
  }`;

const CREATE = `#graphql
  mutation SvcOfferDiscountCreate($discount: DiscountAutomaticAppInput!) {
    discountAutomaticAppCreate(automaticAppDiscount: $discount) {
      automaticAppDiscount { discountId }
      userErrors { field message code }
    }
  }`;

const UPDATE = `#graphql
  mutation SvcOfferDiscountUpdate($id: ID!, $discount: DiscountAutomaticAppInput!) {
    discountAutomaticAppUpdate(id: $id, automaticAppDiscount: $discount) {
      automaticAppDiscount { discountId }
      userErrors { field message code }
    }
  }`;

const DELETE = `#graphql
  mutation SvcOfferDiscountDelete($id: ID!) {
    discountAutomaticDelete(id: $id) {
      deletedAutomaticDiscountId
      userErrors { field message code }
    }
  }`;

/** Every metafield svc writes (`shards` in OFFER_METAFIELD_KEYS' order, all of them: allShards). */
const metafields = (shards: readonly string[]) =>
  OFFER_METAFIELD_KEYS.map((key, i) => ({ namespace: OFFER_METAFIELD.namespace, key, type: "json", value: shards[i] }));

/** The discount `id` with its shards' values; null when Shopify has no such discount (deleted in the admin). */
export async function readOfferDiscount(graphql: AdminGraphql, id: string): Promise<{ id: string; shards: Array<string | null> } | null> {
  const result = await graphql(HELD, { id });
  if (result.errors.length > 0) throw new AdminApiError(`reading the offers discount failed: ${describeErrors(result.errors)}`);
  const node = result.data?.automaticDiscountNode as Record<string, { value?: unknown } | null | undefined> | null | undefined;
  if (!node) return null;
  return { id, shards: OFFER_METAFIELD_KEYS.map((_, i) => { const value = node[shardAlias(i)]?.value; return typeof value === "string" ? value : null; }) };
}

/**
 * Creates the discount, starting now, with the configuration: every discount class the function serves, applied
 * on one-time purchases only (a subscription's later orders are charged without the storefront that showed the
 * arm, so an arm's price must not follow them: `appliesOnSubscription` defaults to true, so it is said), and
 * combining with no other discount (an arm's price is the price; stacking a merchant's sale on it would charge
 * less than any arm showed). Answers its id.
 */
export async function createOfferDiscount(graphql: AdminGraphql, title: string, shards: readonly string[]): Promise<string> {
  const payload = mutationPayload(
    await graphql(CREATE, {
      discount: {
        title,
        functionHandle: OFFER_FUNCTION_HANDLE,
        discountClasses: ["PRODUCT", "ORDER", "SHIPPING"],
        startsAt: new Date().toISOString(),
        combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: false },
        appliesOnOneTimePurchase: true,
        appliesOnSubscription: false,
        metafields: metafields(shards),
      },
    }),
    "discountAutomaticAppCreate",
  );
  const id = (payload.automaticAppDiscount as { discountId?: unknown } | null)?.discountId;
  if (typeof id !== "string") throw new AdminApiError("discountAutomaticAppCreate answered no discount id");
  return id;
}

/** Writes a new configuration (and title) on the discount: every shard's metafield. */
export async function updateOfferDiscount(graphql: AdminGraphql, id: string, title: string, shards: readonly string[]): Promise<void> {
  mutationPayload(await graphql(UPDATE, { id, discount: { title, metafields: metafields(shards) } }), "discountAutomaticAppUpdate");
}

export async function deleteOfferDiscount(graphql: AdminGraphql, id: string): Promise<void> {
  mutationPayload(await graphql(DELETE, { id }), "discountAutomaticDelete");
}

const ACTIVE_AUTOMATIC = `#graphql
  query SvcActiveAutomaticDiscounts {
    automaticDiscountNodes(first: 50, query: "status:active") {
      nodes {
        id
        automaticDiscount {
          __typename
          ... on DiscountAutomaticApp { title appDiscountType { app { title } } }
          ... on DiscountAutomaticBasic { title }
          ... on DiscountAutomaticBxgy { title }
          ... on DiscountAutomaticFreeShipping { title }
        }
      }
    }
  }`;

/** The shop's active automatic discounts (at most 50; Shopify allows 25), with the app that made each. */
export async function readActiveAutomaticDiscounts(graphql: AdminGraphql): Promise<Array<{ id: string; title: string; app: string | null }>> {
  const result = await graphql(ACTIVE_AUTOMATIC);
  if (result.errors.length > 0) throw new AdminApiError(`reading the shop's automatic discounts failed: ${describeErrors(result.errors)}`);
  const nodes = (result.data?.automaticDiscountNodes as { nodes?: unknown } | undefined)?.nodes;
  if (!Array.isArray(nodes)) throw new AdminApiError("automaticDiscountNodes answered no list");
  return nodes.flatMap((node: unknown) => {
    const n = node as { id?: unknown; automaticDiscount?: { title?: unknown; appDiscountType?: { app?: { title?: unknown } | null } | null } | null };
    if (typeof n.id !== "string") return [];
    const app = n.automaticDiscount?.appDiscountType?.app?.title;
    return [{ id: n.id, title: typeof n.automaticDiscount?.title === "string" ? n.automaticDiscount.title : "(untitled)", app: typeof app === "string" ? app : null }];
  });
}
