// What an offer test shows and hides around its arms' offers on a Shopify site (docs/offers.md): the title checkout
// shows beside the test's discount, and whether the Buy-it-now buttons are hidden or their buyers excluded.
import { BlockStack, ChoiceList, Text, TextField } from "@shopify/polaris";
import { BUY_NOW_CHOICES, BUY_NOW_LABELS, type BuyNowChoice } from "~/domain/experiments/buy-now";
import { MAX_OFFER_TITLE_LENGTH } from "~/domain/experiments/offer-form";
import type { FieldErrors, TestFormValues } from "~/domain/experiments/test-form";
import { DEFAULT_OFFER_TITLE } from "~/wire/offers";

interface Props {
  values: TestFormValues;
  errors: FieldErrors;
  disabled: boolean;
  onChange(patch: Partial<TestFormValues>): void;
}

/** Whether any arm of the form charges an offer: the settings below apply only then. */
export const offersInForm = (values: TestFormValues): boolean => values.arms.some((arm) => arm.offer !== undefined && arm.offer.kind !== "none");

export function OfferSettings({ values, errors, disabled, onChange }: Props) {
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        At checkout
      </Text>
      <TextField
        label="Discount title"
        autoComplete="off"
        value={values.offerTitle ?? ""}
        placeholder={DEFAULT_OFFER_TITLE}
        showCharacterCount
        disabled={disabled}
        onChange={(offerTitle) => onChange({ offerTitle })}
        error={errors.offerTitle}
        helpText={`Shown beside the arm's discount at checkout, up to ${MAX_OFFER_TITLE_LENGTH} characters. Empty: "${DEFAULT_OFFER_TITLE}".`}
      />
      <ChoiceList
        title="Buy-it-now buttons on the test's products"
        choices={BUY_NOW_CHOICES.map((value) => ({ label: BUY_NOW_LABELS[value], value }))}
        selected={[values.buyNow ?? "hide"]}
        disabled={disabled}
        onChange={([buyNow]) => onChange({ buyNow: buyNow as BuyNowChoice })}
        error={errors.buyNow}
      />
      <Text as="p" tone="subdued">
        These buttons go to checkout without the cart, so svc&apos;s discount cannot tell the buyer&apos;s arm: they pay the
        list price whatever their arm showed. Left, their orders count in neither the results nor the orders check, and
        the results page counts them apart.
      </Text>
    </BlockStack>
  );
}
