// The verdict banner's tone and words for each kind, rendered as the server renders it.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import type { Verdict } from "~/domain/results/view";
import { VerdictBanner } from "./VerdictBanner";

function render(verdict: Verdict, srmPValue: number | null = 0.5): string {
  return renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <VerdictBanner verdict={verdict} srmPValue={srmPValue} />
    </AppProvider>,
  );
}

describe("VerdictBanner", () => {
  it("makes a sample ratio mismatch a critical banner that says not to trust the result", () => {
    const html = render({ kind: "srm", text: "Visitors did not split 50/50." }, 0.00001);
    // Polaris 13 colours the banner through its background token, not a class.
    expect(html).toContain("--p-color-bg-fill-critical");
    expect(html).toContain("do not trust this result");
    expect(html).toContain("&lt; 0.001");
    expect(html).toContain("Visitors did not split 50/50.");
  });

  it("names the leading arm, and no chance to win beside the decision", () => {
    const html = render({ kind: "variant-ahead", text: "B is ahead.", armName: "Benefit headline", chanceToWin: 0.9734 });
    expect(html).toContain("Benefit headline is ahead");
    expect(html).not.toContain("97.3%");
    expect(html).not.toContain("do not trust");
    expect(html).toContain("--p-color-bg-fill-success");
  });

  it("says plainly when it is still collecting or sees no difference", () => {
    expect(render({ kind: "collecting", text: "Need more visitors." })).toContain("Collecting data");
    expect(render({ kind: "no-difference", text: "Nothing." })).toContain("No difference as large as the minimum effect");
    expect(render({ kind: "not-enough-evidence", text: "Keep going." })).toContain("Not enough evidence yet");
    expect(render({ kind: "control-ahead", text: "Control wins.", armName: "Original" })).toContain("Original is ahead");
  });
});
