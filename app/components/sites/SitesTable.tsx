// The shop's sites as an index table, searchable by name or domain, each with its status and tests.
import { useState } from "react";
import { Badge, Card, Filters, IndexTable, Link, Text } from "@shopify/polaris";

export interface SiteRow {
  id: string;
  name: string;
  kind: "shopify" | "web";
  domain: string | null;
  status: "active" | "paused";
  runningTests: number;
  tests: number;
}

export function SitesTable({ sites }: { sites: SiteRow[] }) {
  const [query, setQuery] = useState("");
  const needle = query.trim().toLowerCase();
  const shown = needle ? sites.filter((s) => `${s.name} ${s.domain ?? ""} ${s.id}`.toLowerCase().includes(needle)) : sites;
  return (
    <Card padding="0">
      <Filters queryValue={query} queryPlaceholder="Search sites" filters={[]} onQueryChange={setQuery} onQueryClear={() => setQuery("")} onClearAll={() => setQuery("")} />
      <IndexTable
        resourceName={{ singular: "site", plural: "sites" }}
        itemCount={shown.length}
        selectable={false}
        headings={[{ title: "Site" }, { title: "Kind" }, { title: "Domain" }, { title: "Status" }, { title: "Tests" }, { title: "Site ID" }]}
      >
        {shown.map((site, index) => (
          <IndexTable.Row id={site.id} key={site.id} position={index}>
            <IndexTable.Cell>
              <Link url={`/app/sites/${encodeURIComponent(site.id)}`} removeUnderline>
                <Text as="span" fontWeight="semibold">
                  {site.name}
                </Text>
              </Link>
            </IndexTable.Cell>
            <IndexTable.Cell>{site.kind === "shopify" ? "Shopify storefront" : "Web site"}</IndexTable.Cell>
            <IndexTable.Cell>{site.domain ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={site.status === "active" ? "success" : "warning"}>{site.status === "active" ? "Active" : "Paused"}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>{`${site.runningTests} running of ${site.tests}`}</IndexTable.Cell>
            <IndexTable.Cell>
              <code>{site.id}</code>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </Card>
  );
}
