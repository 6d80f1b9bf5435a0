// On the tests list: one banner per test svc paused itself (for exposure misuse), with its reason and a
// link to the test, where the merchant resumes it. A test paused with its whole site is said by the site's banner.
import { Banner, Layout } from "@shopify/polaris";
import type { TestsTableRow } from "./TestsTable";

export function PausedTestBanners({ tests }: { tests: TestsTableRow[] }) {
  const paused = tests.filter((t) => t.status === "paused" && t.pausedReason && !t.site.paused);
  return (
    <>
      {paused.map((test) => (
        <Layout.Section key={test.id}>
          <Banner tone="warning" title={`svc paused "${test.name}"`} action={{ content: "Open the test", url: `/app/tests/${encodeURIComponent(test.id)}` }}>
            <p>{`${test.site.name}: ${test.pausedReason}`}</p>
          </Banner>
        </Layout.Section>
      ))}
    </>
  );
}
