import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { RevenueCapNote } from "./RevenueCapNote";

const render = (cap: Parameters<typeof RevenueCapNote>[0]["cap"], applied: boolean) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <RevenueCapNote cap={cap} currency="USD" applied={applied} />
    </AppProvider>,
  );

describe("RevenueCapNote", () => {
  it("names the cap and where it came from", () => {
    expect(render({ amount: 476.13, source: "p99" }, true)).toContain(
      "Revenue per visitor counts each visitor&#x27;s revenue up to $476.13 (the 99th percentile of recent orders); uncapped revenue is shown for accounting.",
    );
    expect(render({ amount: 250, source: "setting" }, false)).toContain("revenue cap is $250.00 per visitor (the site&#x27;s revenue cap), fixed when it started");
  });

  it("says nothing for a test without a cap", () => {
    expect(render(null, true)).not.toContain("revenue");
  });
});
