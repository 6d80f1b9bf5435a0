// Which tests leave a paid order out of their results (docs/offers.md, "Buy-it-now"): an order without svc's visitor
// id (a Buy-it-now button skipped the cart, so svc's Discount Function charged the list price whatever the buyer's arm
// showed) that touches the products of a test that keeps those buttons and excludes their buyers.
import { z } from "zod";
import { OFFER_ATTRIBUTE, offerVisitor, type Offer } from "~/wire/offers";
import { numericId } from "./order-lines";

/** A running offer test that left its Buy-it-now buttons (Test.buyNow exclude), with its arms' offers. */
export interface ExcludingTest {
  id: string;
  offers: readonly Offer[];
}

/** An order line as its offers name it: the variant's and the product's GIDs (null for a line without them). */
interface Line {
  variant: string | null;
  product: string | null;
}

const payloadSchema = z
  .object({
    note_attributes: z.array(z.object({ name: z.unknown(), value: z.unknown() }).loose()).nullish(),
    line_items: z.array(z.object({ variant_id: numericId, product_id: numericId }).loose()).max(5_000).nullish(),
  })
  .loose();

/**
 * Whether the offer may act on an order of these lines: a price on one of its variants, a product offer on one of its
 * products (or on any, without a list), buy X get Y on a product bought or got; an order or shipping offer on any order.
 * An offer with collections may act on any line: the payload does not say a product's collections, and an order left
 * out wrongly costs the results one order, where one counted wrongly would be a list-price buyer counted for the arm.
 */
function touches(offer: Offer, lines: readonly Line[]): boolean {
  switch (offer.k) {
    case "price":
      return lines.some((l) => l.variant !== null && offer.prices[l.variant] !== undefined);
    case "products":
      if (!offer.products || (offer.collections?.length ?? 0) > 0) return true;
      return lines.some((l) => l.product !== null && offer.products!.includes(l.product));
    case "bxgy":
      if ((offer.buyCollections?.length ?? 0) > 0 || (offer.getCollections?.length ?? 0) > 0) return true;
      return lines.some((l) => l.product !== null && (offer.buy.includes(l.product) || (offer.get ?? []).includes(l.product)));
    case "order":
    case "shipping":
      return true;
  }
}

/**
 * Whether the orders/paid payload carries a visitor id svc makes in its `_svc_vid` attribute: it went through the
 * cart, and the Function charged the buyer's arm. Most orders do, and need no test read for this rule.
 */
export function carriesVisitorId(payload: unknown): boolean {
  const parsed = payloadSchema.safeParse(payload);
  const attribute = parsed.success ? parsed.data.note_attributes?.find((a) => a.name === OFFER_ATTRIBUTE)?.value : undefined;
  return offerVisitor(typeof attribute === "string" ? attribute : null) !== null;
}

/**
 * The tests of `tests` whose results leave this orders/paid payload out: none when the order carries a visitor id svc
 * makes in its `_svc_vid` attribute (it went through the cart, and the Function charged the buyer's arm); otherwise
 * each test with an offer that acts on its lines. Lines that cannot be read cannot show the order was off a test's
 * products: it is left out of every such test then.
 */
export function buyNowExclusions(payload: unknown, tests: readonly ExcludingTest[]): string[] {
  if (tests.length === 0 || carriesVisitorId(payload)) return [];
  const parsed = payloadSchema.safeParse(payload);
  const raw = parsed.success ? parsed.data.line_items : null;
  const lines = raw ? raw.map((l) => ({ variant: l.variant_id && `gid://shopify/ProductVariant/${l.variant_id}`, product: l.product_id && `gid://shopify/Product/${l.product_id}` })) : null;
  return tests.filter((test) => lines === null || test.offers.some((offer) => touches(offer, lines))).map((test) => test.id);
}
