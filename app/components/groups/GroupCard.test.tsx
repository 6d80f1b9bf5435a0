// The group card rendered on the server: its tests are the table's rows, and what is free is a line under it.
import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import enTranslations from "@shopify/polaris/locales/en.json" with { type: "json" };
import { GroupCard, type GroupCardProps } from "./GroupCard";

const render = (props: Partial<GroupCardProps>) =>
  renderToStaticMarkup(
    <AppProvider i18n={enTranslations}>
      <GroupCard
        id="g1"
        name="Checkout"
        site={{ id: "s1", name: "Store" }}
        tests={[{ id: "t1", name: "Bold button", status: "running", start: 0, share: 60, trafficPercent: 100, holds: true }]}
        free={[{ start: 60, end: 100 }]}
        deleting={false}
        onDelete={() => {}}
        {...props}
      />
    </AppProvider>,
  );

/** The text of each body row of the table, cell by cell. */
const rows = (html: string) =>
  [...html.matchAll(/<tr[^>]*class="Polaris-DataTable__TableRow[^"]*"[^>]*>(.*?)<\/tr>/g)].map((m) =>
    [...(m[1] ?? "").matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => (c[1] ?? "").replace(/<[^>]+>/g, "")),
  );

describe("GroupCard", () => {
  it("lists the group's tests only, and says what is free on a line of its own", () => {
    const html = render({});
    expect(rows(html).map((r) => r[0])).toEqual(["Bold button"]);
    expect(html).toMatch(/data-svc-group-free="">.*40 % free: 60–100 %/);
  });

  it("says when nothing is free", () => {
    const html = render({ tests: [{ id: "t1", name: "Bold button", status: "running", start: 0, share: 100, trafficPercent: 100, holds: true }], free: [] });
    expect(rows(html).map((r) => r[0])).toEqual(["Bold button"]);
    expect(html).toContain("Nothing free: every part of the group is taken.");
  });
});
