import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import type { OfferCheckArm } from "~/domain/shopify/offer-check";
import { OfferCheckCard } from "./OfferCheckCard";

const render = (arms: OfferCheckArm[], title: string | null = null) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <OfferCheckCard arms={arms} currency="USD" title={title} />
    </AppProvider>,
  );

describe("OfferCheckCard", () => {
  it("shows each arm's checked orders and those charged otherwise, with a warning and the pause's bar", () => {
    const html = render([
      { armId: "a", name: "Original", checked: 1204, mismatched: 0 },
      { armId: "b", name: "Ten off", checked: 1187, mismatched: 3 },
    ]);
    expect(html).toContain("Orders checked");
    expect(html).toContain("3 orders were charged otherwise than their arm&#x27;s offer.");
    expect(html).toContain("At 5 such orders and 5% of those checked, svc pauses the test.");
    expect(html).toMatch(/Ten off<\/th><td[^>]*>1,187<\/td><td[^>]*>3<\/td>/);
  });

  it("says what each arm of an offer test charges, before any order is checked", () => {
    const html = render([
      { armId: "a", name: "Original", offer: null, checked: 0, mismatched: 0 },
      { armId: "b", name: "Bowl at 24", offer: { k: "price", prices: { "gid://shopify/ProductVariant/1": 24 } }, checked: 0, mismatched: 0 },
    ]);
    expect(html).toContain("Charges");
    expect(html).toMatch(/Original<\/th><td[^>]*>List price<\/td><td[^>]*>0<\/td>/);
    expect(html).toMatch(/Bowl at 24<\/th><td[^>]*>\$24\.00 for 1 variant<\/td>/);
  });

  it("shows the title checkout gives the arm's discount beside its offer, and none beside the list price", () => {
    const html = render(
      [
        { armId: "a", name: "Original", offer: null, checked: 0, mismatched: 0 },
        { armId: "b", name: "Bowl at 24", offer: { k: "price", prices: { "gid://shopify/ProductVariant/1": 24 } }, checked: 0, mismatched: 0 },
      ],
      "Stoneware launch price",
    );
    expect(html).toMatch(/Original<\/th><td[^>]*>List price<\/td>/);
    expect(html).toMatch(/Bowl at 24<\/th><td[^>]*>\$24\.00 for 1 variant, shown as “Stoneware launch price”<\/td>/);
  });

  it("counts apart, per arm, the Buy-it-now orders a test that keeps those buttons left out", () => {
    const html = render([
      { armId: "a", name: "Original", offer: null, checked: 10, mismatched: 0, excluded: 1 },
      { armId: "b", name: "Bowl at 24", offer: { k: "price", prices: { "gid://shopify/ProductVariant/1": 24 } }, checked: 9, mismatched: 0, excluded: 2 },
    ]);
    expect(html).toContain("Bought through Buy-it-now, excluded");
    expect(html).toContain("3 orders bought through them are excluded, counted in neither the results nor this check.");
    expect(html).toMatch(/Bowl at 24<\/th><td[^>]*>\$24\.00 for 1 variant<\/td><td[^>]*>9<\/td><td[^>]*>0<\/td><td[^>]*>2<\/td>/);
    // A test that hides the buttons has no such column.
    expect(render([{ armId: "b", name: "Ten off", checked: 40, mismatched: 0 }])).not.toContain("Buy-it-now, excluded");
  });

  it("warns of nothing when every order was charged as shown, and shows nothing for a test without checks", () => {
    expect(render([{ armId: "b", name: "Ten off", checked: 40, mismatched: 0 }])).not.toContain("charged otherwise than");
    expect(render([])).not.toContain("Orders checked");
  });
});
