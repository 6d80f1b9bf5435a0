// The overlap dialog as the server renders it: it offers only what the merchant can do now (open the running test
// to pause or complete it, join its group when this draft can, confirm independence), never a locked group.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { OverlapDialogBody, type OverlapDialogBodyProps } from "./OverlapDialog";

const DETAIL = "“Demo: headline” runs on /demo and changes #headline. A visitor in both could see one change and be recorded as seeing the other.";

const render = (over: Partial<OverlapDialogBodyProps>) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <OverlapDialogBody
        testId="rewrite"
        intent="start"
        detail={DETAIL}
        overlaps={[{ testId: "demo-headline", testName: "Demo: headline", groupName: null }]}
        independent={false}
        onIndependent={() => {}}
        {...over}
      />
    </AppProvider>,
  );
const text = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");
const links = (html: string) => [...html.matchAll(/<a[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [m[1], text(m[2] ?? "").trim()]);

describe("the overlap dialog", () => {
  it("links to the running test to pause or complete it, and offers no group when the running test is in none", () => {
    const html = render({});
    expect(text(html)).toContain(DETAIL);
    expect(links(html)).toEqual([["/app/tests/demo-headline", "Open “Demo: headline”"]]);
    expect(text(html)).toContain("A group cannot keep them apart: a running test's group is locked, and the running test is not in one this test could join.");
    expect(text(html)).toContain("These tests are independent: a visitor may be in both");
    expect(text(html)).not.toContain("Edit this test");
  });

  it("offers a draft the running test's group to join", () => {
    const html = render({ overlaps: [{ testId: "demo-headline", testName: "Demo: headline", groupName: "Headlines" }] });
    expect(links(html)).toEqual([
      ["/app/tests/demo-headline", "Open “Demo: headline”"],
      ["/app/tests/rewrite/edit", "Edit this test"],
    ]);
    expect(text(html)).toContain("and put it in the group “Headlines”, so that no visitor is in both.");
    expect(text(html)).not.toContain("A group cannot keep them apart");
  });

  it("never offers a group to a test that has started: its group is locked", () => {
    const html = render({ intent: "resume", overlaps: [{ testId: "demo-headline", testName: "Demo: headline", groupName: "Headlines" }] });
    expect(links(html)).toEqual([["/app/tests/demo-headline", "Open “Demo: headline”"]]);
    expect(text(html)).toContain("A group cannot keep them apart: this test has started, so its group is locked.");
  });
});
