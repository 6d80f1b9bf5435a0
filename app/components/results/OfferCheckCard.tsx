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
  // A test that keeps its Buy-it-now buttons counts the orders bought through them apart.
  const excluding = arms.some((arm) => arm.excluded !== undefined);
  const excluded = arms.reduce((sum, arm) => sum + (arm.excluded ?? 0), 0);
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
          {excluding && (
            <Text as="p">
              This test keeps the Buy-it-now buttons on its products. Those buttons skip the cart, so their buyers paid the
              list price whatever their arm showed: {formatInteger(excluded)} {excluded === 1 ? "order" : "orders"} bought
              through them {excluded === 1 ? "is" : "are"} excluded, counted in neither the results nor this check.
            </Text>
          )}
          <DataTable
            columnContentTypes={[...(withOffers ? ["text", "text"] : ["text"]), "numeric", "numeric", ...(excluding ? ["numeric"] : [])] as Array<"text" | "numeric">}
            headings={[
              ...(withOffers ? ["Arm", "Charges"] : ["Arm"]),
              "Orders checked",
              "Charged otherwise",
              ...(excluding ? ["Bought through Buy-it-now, excluded"] : []),
            ]}
            rows={arms.map((arm) => [
              arm.name,
              ...(withOffers ? [chargeInWords(arm.offer ?? null, currency, title)] : []),
              formatInteger(arm.checked),
              formatInteger(arm.mismatched),
              ...(excluding ? [formatInteger(arm.excluded ?? 0)] : []),
            ])}
          />
        </BlockStack>
      </div>
    </Card>
  );
}
