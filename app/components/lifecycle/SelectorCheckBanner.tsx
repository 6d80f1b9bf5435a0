// The selector check on the test's page, before Start: run it (the page opens in a new tab, whose editor code
// counts what each change's selector matches and reports it), wait for its result, and show it: a warning
// naming each change that matched nothing (Start stays possible), all clear, or changes edited since.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import { Banner, BlockStack, List, Text, TextField } from "@shopify/polaris";
import type { SelectorCheckView } from "~/domain/experiments/selector-check";
import { checkEditorPageUrl } from "~/domain/links/editor-page";

/** What the loader says about the check (app/services/admin/selector-check.server.ts). */
export interface SelectorCheckBannerProps {
  testId: string;
  pageUrl: string | null;
  origins: string[];
  checkable: number;
  last: SelectorCheckView | null;
  /** A draft: the warning says Start is still possible. */
  draft: boolean;
}

/** How long the page waits for the tab's report before saying none came. */
export const CHECK_WAIT_MS = 60_000;
const POLL_MS = 1500;

interface LinkAnswer {
  url?: string;
  requestedAt?: string;
  title?: string;
}

// Made once: toLocaleString with options builds a new Intl format on every call.
const minuteFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${minuteFormat.format(date)} UTC`;
};
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function SelectorCheckBanner({ testId, pageUrl, origins, checkable, last, draft }: SelectorCheckBannerProps) {
  const revalidator = useRevalidator();
  // The revalidator changes with every reload it makes: read through a ref, so the wait below is not restarted by them.
  const reload = useRef(revalidator);
  reload.current = revalidator;
  const [page, setPage] = useState(pageUrl ?? "");
  const [requestedAt, setRequestedAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const arrived = requestedAt !== null && last !== null && last.checkedAt >= requestedAt;
  const checking = requestedAt !== null && !arrived;

  // The result is written by the other tab: read the page's data again until it is there, or give up.
  useEffect(() => {
    if (!checking) return;
    const poll = setInterval(() => reload.current.state === "idle" && reload.current.revalidate(), POLL_MS);
    const giveUp = setTimeout(() => {
      setRequestedAt(null);
      setError("No result came back from that page. The check runs where svc's snippet loads: is it installed on that page, and did the tab open?");
    }, CHECK_WAIT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(giveUp);
    };
  }, [checking]);
  useEffect(() => {
    if (arrived) setRequestedAt(null);
  }, [arrived]);

  if (checkable === 0) return null;
  if (!pageUrl) {
    return (
      <Banner tone="info" title="Selectors not checked">
        <p>Set the site&apos;s domain on the Sites page to check the changes&apos; selectors on its pages.</p>
      </Banner>
    );
  }

  const check = async () => {
    const chosen = checkEditorPageUrl(page, origins);
    if (!chosen.ok) return setError(chosen.error);
    setError(null);
    setBusy(true);
    // Opened now, within the click, so no popup blocker stops it; it goes to the page once the link is made.
    const tab = window.open("about:blank", "_blank");
    try {
      const body = new FormData();
      body.set("url", chosen.url);
      const res = await fetch(`/app/tests/${encodeURIComponent(testId)}/check`, { method: "POST", body });
      const answer = (await res.json().catch(() => ({}))) as LinkAnswer;
      if (!res.ok || !answer.url || !answer.requestedAt) throw new Error(answer.title ?? "The check could not be started");
      if (tab) {
        tab.opener = null;
        tab.location.href = answer.url;
      } else window.open(answer.url, "_blank", "noopener");
      setRequestedAt(answer.requestedAt);
    } catch (failure) {
      tab?.close();
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const again = { content: last ? "Check again" : "Check selectors", onAction: () => void check(), loading: busy || checking };
  const pageField = (
    <TextField
      label="Page to check on"
      autoComplete="off"
      value={page}
      onChange={(value) => {
        setPage(value);
        setError(null);
      }}
      error={error ?? undefined}
      helpText="Opens in a new tab, where svc counts what each change's selector matches; the result shows here."
    />
  );
  const checkedAt = last && (
    <Text as="p" tone="subdued">
      {`Checked ${plural(last.counted, "change", "changes")} on ${last.page}, ${when(last.checkedAt)}.`}
      {last.onTestPages === false && ` The test does not run on ${last.page}: check one of its own pages.`}
    </Text>
  );

  if (checking) {
    return (
      <Banner tone="info" title="Checking the selectors…">
        <p>The page opened in a new tab; its result appears here in a few seconds.</p>
      </Banner>
    );
  }
  if (!last) {
    return (
      <Banner tone="info" title="Check the selectors before you start" action={again}>
        <BlockStack gap="200">
          <p>A change whose selector matches nothing on the page does nothing: its arm would look like the original.</p>
          {pageField}
        </BlockStack>
      </Banner>
    );
  }
  if (!last.current) {
    return (
      <Banner tone="info" title="The changes were edited since the last check" action={again}>
        <BlockStack gap="200">
          {checkedAt}
          {pageField}
        </BlockStack>
      </Banner>
    );
  }
  if (last.warnings.length === 0) {
    return (
      <Banner tone="success" title={`Every selector matched on ${last.page}`} action={again}>
        <BlockStack gap="200">
          {checkedAt}
          {pageField}
        </BlockStack>
      </Banner>
    );
  }
  const n = last.warnings.length;
  return (
    <Banner tone="warning" title={`${plural(n, "change", "changes")} matched nothing on ${last.page}`} action={again}>
      <BlockStack gap="200">
        <List>
          {last.warnings.map((w) => (
            <List.Item key={`${w.arm}/${w.index}`}>{w.sentence}</List.Item>
          ))}
        </List>
        <p>
          {n === 1 ? "Visitors of that arm would not see this change." : "Visitors of those arms would not see these changes."}{" "}
          Fix the selector (Edit, or Edit on the storefront), check another page where the element is, or{" "}
          {draft ? "start anyway." : "leave the test as it is."}
        </p>
        {checkedAt}
        {pageField}
      </BlockStack>
    </Banner>
  );
}
