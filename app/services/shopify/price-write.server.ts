// Writing a completed price test's winning prices to the shop's products (docs/offers.md, "Writing the winner's
// prices"): the merchant's one click after the decision, through the Admin API's productVariantsBulkUpdate, once
// the optional write_products scope is granted. Nothing is written before every variant has been read.
import {
  planPriceWrite, readVariantPrices, unitPricesOf, variantBatches, VARIANT_PRICES_QUERY, WRITE_PRICES_MUTATION, WRITE_PRODUCTS_SCOPE, type PricesWritten, type VariantPrice,
} from "~/domain/shopify/price-write";
import { recordArmOffer } from "~/models/shopify/arm-offers.server";
import { invalidateSite } from "~/services/site-cache.server";
import { syncHideMetafield } from "./hide-metafield.server";
import { describeErrors, type AdminGraphql } from "~/infra/admin-graphql";
import { findTestOfShop } from "~/models/results/results.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";
import { parseOffer } from "~/wire/offers";

const NO_SUCH_TEST: Problem = { status: 404, type: "not-found", title: "No such test" };
const NOT_A_PRICE_WINNER: Problem = {
  status: 409,
  type: "price-write-no-winning-prices",
  title: "This test has no winning prices to write",
  detail: "Prices are written once a price test is completed with a winner whose arm charges a price per variant.",
};
const SCOPE_NEEDED: Problem = {
  status: 403,
  type: "price-write-scope-needed",
  title: "svc may not change your product prices yet",
  detail: `Grant svc the "${WRITE_PRODUCTS_SCOPE}" permission when Shopify asks, then write the prices again. Nothing was changed.`,
};
const adminFailed = (detail: string): Problem => ({ status: 502, type: "admin-api-failed", title: "Shopify's Admin API did not answer as expected", detail });

const GRANTED_SCOPES_QUERY = `#graphql
  query SvcGrantedScopes { currentAppInstallation { accessScopes { handle } } }`;

/** Writes the winning arm's prices to the variants of the shop; what changed, or why nothing did. */
export async function writeWinningPrices(shopDomain: string, testId: string, graphql: AdminGraphql | null): Promise<Outcome<PricesWritten>> {
  const test = await findTestOfShop(shopDomain, testId);
  if (!test) return fail(NO_SUCH_TEST);
  const winner = test.status === "completed" && test.winnerArmId ? test.arms.find((a) => a.id === test.winnerArmId) : undefined;
  const offer = winner ? parseOffer(winner.offer) : null;
  if (test.site.kind !== "shopify" || offer?.k !== "price" || Object.keys(offer.prices).length === 0) return fail(NOT_A_PRICE_WINNER);
  if (!graphql) return fail(adminFailed("This shop has no Admin API session; open svc from Shopify admin and try again."));

  // The scope is optional (shopify.app.toml): asked first, so that a refusal changes nothing.
  const scopes = await graphql(GRANTED_SCOPES_QUERY);
  const handles = (scopes.data?.currentAppInstallation as { accessScopes?: Array<{ handle?: unknown }> } | undefined)?.accessScopes;
  if (scopes.errors.length > 0 || !Array.isArray(handles)) return fail(adminFailed(`The granted scopes could not be read: ${describeErrors(scopes.errors) || "no answer"}`));
  if (!handles.some((s) => s.handle === WRITE_PRODUCTS_SCOPE)) return fail(SCOPE_NEEDED);

  const current: VariantPrice[] = [];
  for (const ids of variantBatches(offer.prices)) {
    const answer = await graphql(VARIANT_PRICES_QUERY, { ids });
    const read = answer.errors.length > 0 ? null : readVariantPrices(answer.data, ids);
    if (!read) return fail(adminFailed(`The variants' prices could not be read: ${describeErrors(answer.errors) || "an unexpected answer"}. Nothing was changed.`));
    current.push(...read);
  }
  // A percentage arm is written as its unit prices from today's list prices, and the arm keeps them from now on: its
  // served winner then charges what is written, and writing again sends nothing, rather than taking the percentage
  // off prices already lowered by it. Kept before writing, so a write cut short is retried at the same prices.
  const prices = unitPricesOf(offer, current, test.site.currency);
  if (offer.by === "percent") {
    await recordArmOffer(winner!.id, { k: "price", prices });
    // A served winner's discount follows at once: a percentage of the lowered list prices would charge less again.
    invalidateSite(test.site.publicId);
    await syncHideMetafield(shopDomain, graphql);
  }
  const plan = planPriceWrite(prices, current);
  const refused: PricesWritten["refused"] = [];
  let written = 0;
  // One product at a time, as the mutation takes them; a refused product leaves the others written.
  for (const { productId, variants } of plan.writes) {
    const answer = await graphql(WRITE_PRICES_MUTATION, { productId, variants });
    const payload = answer.data?.productVariantsBulkUpdate as { userErrors?: Array<{ message: string; field?: unknown }> } | undefined;
    const errors = [...answer.errors, ...(payload?.userErrors ?? [])];
    if (errors.length > 0 || !payload) refused.push({ productId, message: describeErrors(errors) || "no answer" });
    else written += variants.length;
  }
  return ok({
    written,
    products: plan.writes.length - refused.length,
    unchanged: plan.unchanged.length,
    missing: plan.missing.length,
    comparedAt: plan.comparedAt.length,
    refused,
  });
}
