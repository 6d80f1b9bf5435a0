// Which collections an order's products are in, for the orders check of offers that name collections (docs/offers.md,
// "Collections"): an orders/paid payload does not say, so it is read through the Admin API, one `inCollection` per
// collection the configuration names, for each product of the order.
/** Ids one `nodes` read may take (the Admin API's input limit). */
export const MEMBERSHIP_BATCH = 250;

const alias = (i: number) => `k${i}`;

/** The read for `collections` (in that order): each product's `inCollection` of each, under aliases k0, k1… */
export function membershipQuery(collections: number): string {
  const variables = Array.from({ length: collections }, (_, i) => `$${alias(i)}: ID!`).join(", ");
  const fields = Array.from({ length: collections }, (_, i) => `${alias(i)}: inCollection(id: $${alias(i)})`).join(" ");
  return `#graphql
  query SvcProductCollections($ids: [ID!]!, ${variables}) {
    nodes(ids: $ids) { ... on Product { id ${fields} } }
  }`;
}

export function membershipVariables(products: readonly string[], collections: readonly string[]): Record<string, unknown> {
  return { ids: products, ...Object.fromEntries(collections.map((id, i) => [alias(i), id])) };
}

/**
 * Each product's collections among `collections`, from the read's data; null when the answer is not whole (a product
 * missing or unanswered, a field not a boolean): the check then counts nothing rather than guess.
 */
export function readMembership(data: unknown, products: readonly string[], collections: readonly string[]): Map<string, string[]> | null {
  const nodes = (data as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes) || nodes.length !== products.length) return null;
  const found = new Map<string, string[]>();
  for (const [i, node] of nodes.entries()) {
    const n = node as Record<string, unknown> | null;
    if (!n || n.id !== products[i]) return null;
    const answers = collections.map((_, k) => n[alias(k)]);
    if (!answers.every((a) => typeof a === "boolean")) return null;
    found.set(products[i]!, collections.filter((_, k) => answers[k] === true));
  }
  return found;
}
