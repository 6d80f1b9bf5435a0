// A variant's "Edit on the storefront": the page to open (proposed, editable, checked to be the site's), a
// fresh editor link from the server, opened in a new tab; the form shows what the editor saved on return.
import { useEffect, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Text, TextField } from "@shopify/polaris";
import { checkEditorPageUrl } from "~/domain/links/editor-page";

/** What the loader says about opening the editor for this test (app/services/editor/links.server.ts). */
export interface StorefrontEditorLaunch {
  pageUrl: string | null;
  origins: string[];
  armKeys: string[];
  editable: boolean;
}

interface Props {
  testId: string;
  armKey: string;
  armName: string;
  launch: StorefrontEditorLaunch;
  /** Unsaved changes in the form: what the editor saves would be overwritten by them, so save first. */
  dirty: boolean;
}

interface LinkAnswer {
  url?: string;
  title?: string;
}

export function StorefrontEditorAction({ testId, armKey, armName, launch, dirty }: Props) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState(launch.pageUrl ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(false);

  // Back from the editor's tab: show what it saved, unless the form holds changes of its own.
  useEffect(() => {
    if (!opened || dirty) return;
    const refresh = () => revalidator.revalidate();
    window.addEventListener("focus", refresh);
    return () => window.removeEventListener("focus", refresh);
  }, [opened, dirty, revalidator]);

  if (launch.origins.length === 0) {
    return (
      <Text as="p" tone="subdued">
        Set the site&apos;s domain on the Sites page to edit {armName} on the storefront.
      </Text>
    );
  }

  const openEditor = async () => {
    const checked = checkEditorPageUrl(url, launch.origins);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    setBusy(true);
    // Opened now, within the click, so no popup blocker stops it; it goes to the editor once the link is made.
    const tab = window.open("about:blank", "_blank");
    try {
      const body = new FormData();
      body.set("arm", armKey);
      body.set("url", checked.url);
      const res = await fetch(`/app/tests/${encodeURIComponent(testId)}/editor`, { method: "POST", body });
      const answer = (await res.json().catch(() => ({}))) as LinkAnswer;
      if (!res.ok || !answer.url) throw new Error(answer.title ?? "The editor could not be opened");
      if (tab) {
        tab.opener = null;
        tab.location.href = answer.url;
      } else {
        window.open(answer.url, "_blank", "noopener");
      }
      setOpened(true);
    } catch (failure) {
      tab?.close();
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <InlineStack>
        <Button onClick={() => setOpen(true)} disabled={dirty} accessibilityLabel={`Edit ${armName} on the storefront`}>
          Edit on the storefront
        </Button>
        {dirty && (
          <Text as="span" tone="subdued">
            {" "}Save the test first: the editor works on the saved variant.
          </Text>
        )}
      </InlineStack>
    );
  }
  return (
    <BlockStack gap="200">
      <TextField
        label={`Page to edit ${armName} on`}
        autoComplete="off"
        value={url}
        onChange={(value) => {
          setUrl(value);
          setError(null);
        }}
        error={error ?? undefined}
        helpText={
          launch.editable
            ? "Opens in a new tab with the visual editor; what you save there replaces this variant's changes. The link works for two hours."
            : "This test has run: the editor opens to look at the variant, and cannot save."
        }
      />
      <InlineStack gap="200">
        <Button variant="primary" onClick={() => void openEditor()} loading={busy} disabled={dirty}>
          Open the editor
        </Button>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </InlineStack>
    </BlockStack>
  );
}
