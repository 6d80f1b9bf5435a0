// An offer test's arms, what each charges and the title checkout shows beside it, and their orders checked against it
// (docs/offers.md, "Every order checked"): how many of each arm's paid orders were charged what its page showed, and
// how many otherwise.
import { Banner, BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import { OFFER_MISMATCH, type OfferCheckArm } from "~/domain/shopify/offer-check";
import type { Offer } from "~/wire/offers";
import { formatInteger } from "./format";
import { offerInWords } from "./offer-words";

/** What an arm charges, with the title checkout shows beside its discount (an arm at the list price has none). */
const chargeInWords = (offer: Offer | null, currency: string, title: string | null) =>
  offer && title ? `${offerInWords(offer, currency)}, shown as “${title}”` : offerInWords(offer, currency);

/** `title`: what checkout shows beside the arms' discounts (null: not an offer test any more). */
export function OfferCheckCard({ arms, currency, title = null }: { arms: readonly OfferCheckArm[]; currency: string; title?: string | null }) {
  if (arms.length === 0) return null;
  // The arms of a test that charges through svc's discount come with their offers; rows of offers since removed do not.
  const withOffers = arms.some((arm) => arm.offer !== undefined);
  const mismatched = arms.reduce((sum, arm) => sum + arm.mismatched, 0);
  return (
    <Card>
      <div data-svc-offer-check="">
        <BlockStack gap="300">
          <Text as="h3" variant="headingMd">
            Orders checked
          </Text>
          <Text as="p" tone="subdued">
            Each paid order of a shopper in this test, compared with what their arm&apos;s price or offer takes off it. An
            order charged otherwise (a Buy-it-now that skipped the cart, a draft order, a discount of your own in its
            place) means that shopper did not pay what the page showed. At {formatInteger(OFFER_MISMATCH.minimum)} such
            orders and {OFFER_MISMATCH.share * 100}% of those checked, svc pauses the test.
          </Text>
          {mismatched > 0 && (
            <Banner tone="warning">
              <Text as="p">
                {formatInteger(mismatched)} {mismatched === 1 ? "order was" : "orders were"} charged otherwise than {mismatched === 1 ? "its" : "their"} arm&apos;s offer.
              </Text>
            </Banner>
          )}
          <DataTable
            columnContentTypes={withOffers ? ["text", "text", "numeric", "numeric"] : ["text", "numeric", "numeric"]}
            headings={withOffers ? ["Arm", "Charges", "Orders checked", "Charged otherwise"] : ["Arm", "Orders checked", "Charged otherwise"]}
            rows={arms.map((arm) => [
              arm.name,
              ...(withOffers ? [chargeInWords(arm.offer ?? null, currency, title)] : []),
              formatInteger(arm.checked),
              formatInteger(arm.mismatched),
            ])}
          />
        </BlockStack>
      </div>
    </Card>
  );
}
