// A completed price test's winning prices, and the one click that writes them to the shop's products
// (POST /app/tests/:testId/prices). Inside Shopify admin a missing write_products permission is asked for through
// App Bridge, then the write is tried again; the local demo has no Shopify products to write to.
import { useState } from "react";
import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useEmbedded } from "~/components/admin/app-bridge";
import type { PricesWritten } from "~/domain/shopify/price-write";
import { formatInteger } from "./format";

export interface WinnerPrices {
  armName: string;
  variants: number;
}

type State = { kind: "idle" } | { kind: "writing" } | { kind: "done"; written: PricesWritten } | { kind: "failed"; message: string };

const SCOPE_NEEDED = /price-write-scope-needed$/;

async function post(testId: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`/app/tests/${encodeURIComponent(testId)}/prices`, { method: "POST" });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

export function WinnerPricesCard({ testId, prices }: { testId: string; prices: WinnerPrices }) {
  const embedded = useEmbedded();
  const [state, setState] = useState<State>({ kind: "idle" });
  const write = async () => {
    setState({ kind: "writing" });
    try {
      let answer = await post(testId);
      if (answer.status === 403 && SCOPE_NEEDED.test(String(answer.body.type)) && embedded) {
        // Shopify's own permission dialog; the write is tried again only once the merchant granted it.
        const granted = await window.shopify.scopes.request(["write_products"]);
        if (granted.result === "granted-all") answer = await post(testId);
      }
      if (answer.status === 200) setState({ kind: "done", written: answer.body as unknown as PricesWritten });
      else setState({ kind: "failed", message: String(answer.body.detail ?? answer.body.title ?? `The write failed (${answer.status}).`) });
    } catch {
      setState({ kind: "failed", message: "svc could not be reached; nothing was confirmed written. Try again." });
    }
  };
  return (
    <Card>
      <div data-svc-winner-prices="">
        <BlockStack gap="300">
          <Text as="h3" variant="headingMd">
            Make {prices.armName}&apos;s prices the list prices
          </Text>
          <Text as="p">
            Writes the winning arm&apos;s {formatInteger(prices.variants)} {prices.variants === 1 ? "price" : "prices"} to your products in Shopify, so every
            shopper pays them without svc&apos;s discount. The compare-at prices are left as they are. svc asks for permission to edit products the first time.
          </Text>
          <Text as="p" tone="subdued">
            In the EU, a product shown with a compare-at price above its new price announces a price reduction: the
            compare-at price must then be the lowest price the product had in the 30 days before (Price Indication
            Directive 98/6/EC, Article 6a). Shoppers in this test&apos;s other arms paid other prices in those days.
          </Text>
          {state.kind === "done" && (
            <Banner tone={state.written.refused.length > 0 ? "warning" : "success"}>
              <p>
                {formatInteger(state.written.written)} {state.written.written === 1 ? "price" : "prices"} written over {formatInteger(state.written.products)}{" "}
                {state.written.products === 1 ? "product" : "products"}; {formatInteger(state.written.unchanged)} already at their price
                {state.written.missing > 0 && `; ${formatInteger(state.written.missing)} no longer in your store`}
                {state.written.refused.length > 0 && `; Shopify refused ${formatInteger(state.written.refused.length)} ${state.written.refused.length === 1 ? "product" : "products"}: ${state.written.refused.map((r) => r.message).join("; ")}`}.
                {state.written.comparedAt > 0 && ` ${formatInteger(state.written.comparedAt)} now show a compare-at price above their price: check the EU rule above.`}
              </p>
            </Banner>
          )}
          {state.kind === "failed" && (
            <Banner tone="critical">
              <p>{state.message}</p>
            </Banner>
          )}
          <InlineStack gap="300" blockAlign="center">
            <Button variant="primary" loading={state.kind === "writing"} disabled={!embedded} onClick={() => void write()}>
              Write these prices to Shopify
            </Button>
            {!embedded && (
              <Text as="span" tone="subdued">
                The local demo has no Shopify products; in a shop&apos;s admin this writes them.
              </Text>
            )}
          </InlineStack>
        </BlockStack>
      </div>
    </Card>
  );
}
