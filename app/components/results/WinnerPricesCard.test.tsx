import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { WinnerPricesCard } from "./WinnerPricesCard";

const render = (variants: number) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <WinnerPricesCard testId="t1" prices={{ armName: "Bowl at 24", variants }} />
    </AppProvider>,
  );

describe("WinnerPricesCard", () => {
  it("offers to write the winning arm's prices, states the EU's prior-price rule, and in the demo says why it cannot", () => {
    const html = render(3);
    expect(html).toContain("Make Bowl at 24&#x27;s prices the list prices");
    expect(html).toContain("Writes the winning arm&#x27;s 3 prices to your products");
    expect(html).toContain("the lowest price the product had in the 30 days before");
    // Outside Shopify admin (no App Bridge): the button is there but disabled, and says why.
    expect(html).toMatch(/<button[^>]*disabled[^>]*>.*Write these prices to Shopify/s);
    expect(html).toContain("The local demo has no Shopify products");
    expect(render(1)).toContain("1 price to your products");
  });
});
