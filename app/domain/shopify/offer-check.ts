// The orders check of issue 38: what a paid order was charged under svc's discount against what the buyer's arms'
// offers call for. Computed from the arms' rules themselves, not by running the Discount Function's code, so that a
// leak between the page and the charge shows: a Buy-it-now that skipped the cart attribute, a draft order, an
// attribute edited to another visitor, a merchant's own discount applied in svc's place.
import { armUnitPrice, bxgyUnits, productsOfferTakes, type BxgyLine, type InCollections, type Offer, type OfferConfig } from "~/wire/offers";
import { localAssignments } from "~/wire/rules/local-plan";

/** An order as the check reads it, in the shop's currency (the offers' own). */
export interface CheckedOrder {
  /**
   * Each line: its list price per unit, and what svc's discount took off the line in all (its allocations); with
   * `collections`, the configuration's collections its product is in (absent: not known, as the payload never says).
   */
  lines: ReadonlyArray<{ variant: string | null; product: string | null; quantity: number; unitPrice: number; svcDiscount: number; collections?: readonly string[] }>;
  /** The order's shipping before discounts, and what svc's discount took off it. */
  shipping: { price: number; svcDiscount: number };
}

export interface OfferCheck {
  /** The buyer's arms in the tests that carry an offer (on any of their arms): the arms the order is counted under. */
  arms: Array<{ testId: string; armId: string }>;
  /** What the offers take off the order, by their rules; and what svc's discount took off it. */
  expected: number;
  charged: number;
  /** Apart by more than a cent per allocation (Shopify rounds each line's share to the cent). */
  mismatch: boolean;
  /**
   * Not checked: an offer of the buyer names collections and a line's membership was not known (the Admin API did not
   * answer). `arms` is then empty, so nothing is recorded: a guess could count a rightly discounted line as a leak.
   */
  unchecked?: true;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Checks one order of `visitorId` (the visitor svc knows bought it: from the checkout's session, not from the
 * order's own attribute, which a Buy-it-now button leaves out) against the configuration the discount held.
 */
export function checkOrder(config: OfferConfig, visitorId: string, order: CheckedOrder): OfferCheck {
  const arms: OfferCheck["arms"] = [];
  const offers: Offer[] = [];
  for (const { test, arm } of localAssignments(config.plan, visitorId)) {
    // Every arm of an offer test is checked, the one charged the list price too: a discount taken there is a leak.
    if (!config.offers[test]) continue;
    arms.push({ testId: test, armId: arm });
    const offer = config.offers[test][arm];
    if (offer) offers.push(offer);
  }
  const subtotal = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  // The line's place in the order is its id.
  const asLine = (line: CheckedOrder["lines"][number], i: number): BxgyLine => ({ id: String(i), product: line.product, quantity: line.quantity, unitPrice: line.unitPrice });
  let unknown = false;
  const inCollections: InCollections = (line, collections) => {
    const known = order.lines[Number(line.id)]?.collections;
    if (!known) unknown = true;
    return collections.some((c) => known?.includes(c) ?? false);
  };
  // Buy X get Y: the units each line gets off by the offer's rule.
  const bxgy = offers.flatMap((offer) => (offer.k === "bxgy" ? [{ percent: offer.percent, units: bxgyUnits(offer, order.lines.map(asLine), inCollections) }] : []));
  // Product-level: each line down to its arm's price, or its share off; never more than the line.
  let productOff = 0;
  for (const [i, line] of order.lines.entries()) {
    const full = line.unitPrice * line.quantity;
    let off = 0;
    for (const offer of offers) {
      const armPrice = offer.k === "price" && line.variant !== null ? armUnitPrice(offer, line.variant, line.unitPrice) : undefined;
      if (armPrice !== undefined) {
        off += Math.max(0, line.unitPrice - armPrice) * line.quantity;
      } else if (offer.k === "products" && productsOfferTakes(offer, asLine(line, i), inCollections)) {
        off += offer.percent !== undefined ? (full * offer.percent) / 100 : Math.min(offer.amount ?? 0, line.unitPrice) * line.quantity;
      }
    }
    for (const { percent, units } of bxgy) off += ((units.get(String(i)) ?? 0) * line.unitPrice * percent) / 100;
    productOff += Math.min(full, off);
  }
  // Order-level: the best of the order offers whose minimum the subtotal reaches, on what the lines left.
  const left = subtotal - productOff;
  const orderOff = Math.max(
    0,
    ...offers.flatMap((offer) =>
      offer.k === "order" && subtotal >= (offer.minimum ?? 0) ? [offer.percent !== undefined ? (left * offer.percent) / 100 : Math.min(offer.amount ?? 0, left)] : [],
    ),
  );
  const shippingPercent = Math.max(0, ...offers.flatMap((offer) => (offer.k === "shipping" && subtotal >= (offer.minimum ?? 0) ? [offer.percent] : [])));
  const expected = cents(productOff + orderOff + (order.shipping.price * shippingPercent) / 100);
  const charged = cents(order.lines.reduce((sum, line) => sum + line.svcDiscount, 0) + order.shipping.svcDiscount);
  const tolerance = 0.01 * (order.lines.length + 1) + 1e-9;
  if (unknown) return { arms: [], expected, charged, mismatch: false, unchecked: true };
  return { arms, expected, charged, mismatch: Math.abs(expected - charged) > tolerance };
}

/**
 * When svc pauses an offer test for what its orders were charged (docs/offers.md, "Every order checked"): at least
 * `minimum` checked orders charged otherwise than their arms' offers, and at least `share` of the test's checked
 * orders. Orders are signed by Shopify and cost a stranger real money, so they are evidence svc may act on; a few
 * odd orders (a draft order, a merchant's edit) are shown on the results page without pausing anything.
 */
export const OFFER_MISMATCH = { minimum: 5, share: 0.05 } as const;

/** One arm's checked orders as the results page shows them. */
export interface OfferCheckArm extends OfferCheckCounts {
  armId: string;
  name: string;
  /** What the arm charges (null: the list price); absent when the test's arms are no longer known. */
  offer?: Offer | null;
  /**
   * Its orders bought through Buy-it-now that the test left out (it keeps those buttons: docs/offers.md,
   * "Buy-it-now"), in neither `checked` nor its results; absent for a test that hides the buttons.
   */
  excluded?: number;
}

export interface OfferCheckCounts {
  checked: number;
  mismatched: number;
}

export function offerMismatchTripped(counts: OfferCheckCounts): boolean {
  return counts.mismatched >= OFFER_MISMATCH.minimum && counts.mismatched >= OFFER_MISMATCH.share * counts.checked;
}

/** The pause's reason, shown on the test and in the owner's notice. */
export function offerMismatchPauseReason(counts: OfferCheckCounts): string {
  return (
    `${counts.mismatched} of ${counts.checked} orders of this test were charged otherwise than their arm's price or offer ` +
    `(at least ${OFFER_MISMATCH.minimum} and ${OFFER_MISMATCH.share * 100}% pause it), so svc paused the test: shoppers were not paying what the page showed them.`
  );
}
