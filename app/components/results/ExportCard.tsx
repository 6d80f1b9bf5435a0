// Downloads of the CSV exports. In the Shopify admin only App Bridge's fetch carries the session
// token, so the file is fetched and handed to the browser as a blob rather than opened as a link.
import { useState } from "react";
import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";

async function download(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`export failed with ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function ExportCard({ testId }: { testId: string }) {
  const base = `/app/tests/${encodeURIComponent(testId)}/export.csv`;
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState(false);
  const run = (url: string, name: string) => {
    setBusy(url);
    setError(false);
    download(url, name)
      .catch(() => setError(true))
      .finally(() => setBusy(null));
  };
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h3" variant="headingMd">
          Export
        </Text>
        <InlineStack gap="300">
          <Button onClick={() => run(base, "results.csv")} loading={busy === base}>
            Download summary (CSV)
          </Button>
          <Button onClick={() => run(`${base}?daily=1`, "daily.csv")} loading={busy === `${base}?daily=1`}>
            Download daily figures (CSV)
          </Button>
          <Button onClick={() => run(`${base}?segments=1`, "segments.csv")} loading={busy === `${base}?segments=1`}>
            Download segments (CSV)
          </Button>
        </InlineStack>
        {error && (
          <Text as="p" tone="critical">
            The export could not be downloaded. Try again.
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}
