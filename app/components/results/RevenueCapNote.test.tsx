import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { RevenueCapNote } from "./RevenueCapNote";

const render = (cap: Parameters<typeof RevenueCapNote>[0]["cap"]) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <RevenueCapNote cap={cap} currency="USD" />
    </AppProvider>,
  );

describe("RevenueCapNote", () => {
  it("names the cap and where it came from", () => {
    expect(render({ amount: 476.13, source: "p99" })).toContain(
      "Revenue per visitor counts each visitor&#x27;s revenue up to $476.13 (the 99th percentile of recent orders), fixed when the test started; uncapped revenue is shown for accounting.",
    );
    expect(render({ amount: 250, source: "setting" })).toContain("up to $250.00 (the site&#x27;s revenue cap)");
  });

  it("says nothing for a test without a cap", () => {
    expect(render(null)).not.toContain("revenue");
  });
});
