// What an arm charges at Shopify's checkout (docs/offers.md, "In the test form"): the list price, a price per
// variant, an amount or percentage off products, the order or shipping, or buy X get Y, served by svc's discount.
import { BlockStack, Button, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import {
  emptyOffer, OFFER_KIND_LABELS, OFFER_KINDS, withPickedCollections, withPickedProducts, withPickedVariantIds, withPickedVariants, type OfferDraft, type OfferKind, type PickedCollection,
  type PickedProduct,
} from "~/domain/experiments/offer-form";
import { useEmbedded } from "~/components/admin/app-bridge";
import type { FieldErrors } from "~/domain/experiments/test-form";

interface Props {
  armName: string;
  offer: OfferDraft | undefined;
  /** Errors under this arm's offer ("kind", "value", "prices", …). */
  errors: FieldErrors;
  disabled: boolean;
  onChange(offer: OfferDraft): void;
}

export function ArmOffer({ armName, offer = emptyOffer(), errors, disabled, onChange }: Props) {
  const set = (change: Partial<OfferDraft>) => onChange({ ...offer, ...change });
  // Shopify admin's own product picker (App Bridge); the local demo has none, and ids are typed there.
  const embedded = useEmbedded();
  const pick = async () => {
    const picked = (await window.shopify.resourcePicker({ type: "product", action: "select", multiple: true })) as readonly PickedProduct[] | undefined;
    if (!picked) return;
    if (offer.kind === "price") set({ prices: withPickedVariants(offer.prices, picked) });
    else if (offer.kind === "percentPrice") set({ variants: withPickedVariantIds(offer.variants, picked) });
    // Buy X get Y: the picker fills the products to buy; the products got are typed.
    else set({ products: withPickedProducts(offer.products, picked) });
  };
  const picker = embedded && (
    <InlineStack>
      <Button disabled={disabled} onClick={() => void pick()}>
        Choose products
      </Button>
    </InlineStack>
  );
  // Shopify admin's collection picker, for the collections bought from (or taken off) and those got from.
  const pickCollections = async (field: "collections" | "getCollections") => {
    const picked = (await window.shopify.resourcePicker({ type: "collection", action: "select", multiple: true })) as readonly PickedCollection[] | undefined;
    if (picked) set({ [field]: withPickedCollections(offer[field], picked) });
  };
  const collectionPicker = (field: "collections" | "getCollections") =>
    embedded && (
      <InlineStack>
        <Button disabled={disabled} onClick={() => void pickCollections(field)}>
          Choose collections
        </Button>
      </InlineStack>
    );
  const options = OFFER_KINDS.map((kind) => ({ label: OFFER_KIND_LABELS[kind], value: kind }));
  const byOptions = [
    { label: "Percentage off", value: "percent" },
    { label: "Amount off, in the shop's currency", value: "amount" },
  ];
  return (
    <BlockStack gap="200">
      <Select
        label={`What ${armName} charges at checkout`}
        options={options}
        value={offer.kind}
        disabled={disabled}
        onChange={(kind) => set({ kind: kind as OfferKind })}
        error={errors.kind}
        helpText={offer.kind === "none" ? undefined : "Charged by svc's automatic discount, which checkout shows by name; only visitors in this arm get it."}
      />
      {offer.kind === "price" && (
        <TextField
          label="Price per variant"
          multiline={4}
          autoComplete="off"
          value={offer.prices}
          disabled={disabled}
          onChange={(prices) => set({ prices })}
          error={errors.prices}
          placeholder={"44810745389307: 19.99\n44810745389308: 24.00"}
          helpText="One variant a line: its id (the number at the end of the variant's admin address), then its price in the shop's currency. Each price must be at or below the variant's price in Shopify, which stays the list price: the highest arm's. Checkout charges a higher one at the list price."
        />
      )}
      {offer.kind === "price" && picker}
      {offer.kind === "percentPrice" && (
        <>
          <TextField
            label="Percentage off the list price"
            type="number"
            autoComplete="off"
            suffix="%"
            value={offer.value}
            disabled={disabled}
            onChange={(value) => set({ value })}
            error={errors.value}
            helpText="Each variant is charged its price in Shopify, the list price, less this percentage, whatever that price is when the shopper buys."
          />
          <TextField
            label="Variants"
            multiline={3}
            autoComplete="off"
            value={offer.variants}
            disabled={disabled}
            onChange={(variants) => set({ variants })}
            error={errors.variants}
            placeholder="44810745389307, 44810745389308"
            helpText="Variant ids, separated by commas (the number at the end of the variant's admin address). The storefront shows the arm's price where the theme's price element also carries the list price (data-svc-list)."
          />
          {picker}
        </>
      )}
      {(offer.kind === "products" || offer.kind === "order") && (
        <>
          <Select label="Off by" options={byOptions} value={offer.by} disabled={disabled} onChange={(by) => set({ by: by as OfferDraft["by"] })} />
          <TextField
            label={offer.by === "percent" ? "Percentage off" : "Amount off"}
            type="number"
            autoComplete="off"
            suffix={offer.by === "percent" ? "%" : undefined}
            value={offer.value}
            disabled={disabled}
            onChange={(value) => set({ value })}
            error={errors.value}
          />
        </>
      )}
      {offer.kind === "products" && (
        <ProductIds
          label="Products"
          value={offer.products}
          disabled={disabled}
          onChange={(products) => set({ products })}
          error={errors.products}
          helpText="Product ids, separated by commas (the number at the end of the product's admin address). Empty, with no collection: every product."
        />
      )}
      {offer.kind === "products" && picker}
      {offer.kind === "products" && (
        <ProductIds
          label="Collections"
          value={offer.collections}
          disabled={disabled}
          onChange={(collections) => set({ collections })}
          error={errors.collections}
          placeholder="450123776251"
          helpText="Collection ids, separated by commas (the number at the end of the collection's admin address): their products are taken off too."
        />
      )}
      {offer.kind === "products" && collectionPicker("collections")}
      {offer.kind === "bxgy" && (
        <>
          <InlineStack gap="300" wrap>
            <TextField label="Buy" type="number" autoComplete="off" suffix="units" value={offer.buyQuantity} disabled={disabled} onChange={(buyQuantity) => set({ buyQuantity })} error={errors.buyQuantity} />
            <TextField label="Get" type="number" autoComplete="off" suffix="units" value={offer.getQuantity} disabled={disabled} onChange={(getQuantity) => set({ getQuantity })} error={errors.getQuantity} />
            <TextField
              label="Off the units got"
              type="number"
              autoComplete="off"
              suffix="%"
              value={offer.value}
              disabled={disabled}
              onChange={(value) => set({ value })}
              error={errors.value}
              helpText="100 is free."
            />
          </InlineStack>
          <ProductIds
            label="Products to buy"
            value={offer.products}
            disabled={disabled}
            onChange={(products) => set({ products })}
            error={errors.products}
            helpText="Product ids, separated by commas. Any mix of them counts toward the units to buy."
          />
          {picker}
          <ProductIds
            label="Collections to buy from"
            value={offer.collections}
            disabled={disabled}
            onChange={(collections) => set({ collections })}
            error={errors.collections}
            placeholder="450123776251"
            helpText="Collection ids, separated by commas: their products count toward the units to buy too."
          />
          {collectionPicker("collections")}
          <ProductIds
            label="Products got"
            value={offer.getProducts}
            disabled={disabled}
            onChange={(getProducts) => set({ getProducts })}
            error={errors.getProducts}
            placeholder="Empty: the same products"
            helpText="Empty, with no collection got: the same products (buy 2, get 1 free takes 3 of them). Otherwise other products' ids. The cheapest units are the ones got, as often as the cart allows."
          />
          <ProductIds
            label="Collections got from"
            value={offer.getCollections}
            disabled={disabled}
            onChange={(getCollections) => set({ getCollections })}
            error={errors.getCollections}
            placeholder="Empty: the products got above"
            helpText="Collection ids whose products are got too. A product also in a collection to buy from counts as bought."
          />
          {collectionPicker("getCollections")}
        </>
      )}
      {offer.kind === "shipping" && (
        <TextField
          label="Percentage off shipping"
          type="number"
          suffix="%"
          autoComplete="off"
          value={offer.value}
          disabled={disabled}
          onChange={(value) => set({ value })}
          error={errors.value}
          helpText="100 is free shipping."
        />
      )}
      {(offer.kind === "order" || offer.kind === "shipping") && (
        <TextField
          label="From an order subtotal of"
          type="number"
          autoComplete="off"
          value={offer.minimum}
          disabled={disabled}
          onChange={(minimum) => set({ minimum })}
          error={errors.minimum}
          helpText="In the shop's currency; empty: from the first item."
        />
      )}
      {offer.kind !== "none" && (
        <Text as="p" tone="subdued">
          Offers reach every visitor of the test's pages (no audience), and cannot change once the test has run.
        </Text>
      )}
    </BlockStack>
  );
}

/** A list of product ids typed by the merchant (or filled by the product picker). */
function ProductIds(props: { label: string; value: string; disabled: boolean; onChange(value: string): void; error: string | undefined; helpText: string; placeholder?: string }) {
  return (
    <TextField
      label={props.label}
      autoComplete="off"
      value={props.value}
      disabled={props.disabled}
      onChange={props.onChange}
      error={props.error}
      placeholder={props.placeholder ?? "8112461512955, 8112461545723"}
      helpText={props.helpText}
    />
  );
}
