// The results page's lifecycle buttons: Edit, then Start/Pause/Resume/Complete/Archive as the status allows;
// Complete asks which arm won and Archive asks first; a start refused because the test overlaps a running one
// names the conflict and offers to start anyway once the merchant confirms they are independent; the answer
// comes back as a toast.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Checkbox, ChoiceList, Text } from "@shopify/polaris";
import type { MenuActionDescriptor } from "@shopify/polaris";
import { ConfirmModal, useToast } from "~/components/admin/app-bridge";
import type { LifecycleIntentName } from "~/domain/experiments/test-lifecycle";

export interface LifecycleProps {
  testId: string;
  intents: LifecycleIntentName[];
  status: string;
  arms: Array<{ id: string; name: string }>;
  startBlocker: string | null;
  /** The last selector check found changes that match nothing: Start still starts, and says so. */
  startWarning?: boolean;
}

/** What the action answers (app/routes/app.tests.$testId.tsx). */
type LifecycleAnswer = { ok: true; message: string } | { ok: false; problem: { title: string; type?: string; detail?: string } };

const LABELS: Record<LifecycleIntentName, string> = {
  start: "Start test",
  pause: "Pause",
  resume: "Resume",
  complete: "Complete test",
  archive: "Archive",
  "end-serving": "End serving the winner",
};

export function useLifecycleActions({ testId, intents, status, arms, startBlocker, startWarning = false }: LifecycleProps) {
  const fetcher = useFetcher<LifecycleAnswer>();
  const showToast = useToast();
  const [asking, setAsking] = useState<"complete" | "archive" | "overlap" | null>(null);
  const [overlap, setOverlap] = useState<{ intent: LifecycleIntentName; detail: string } | null>(null);
  const [independent, setIndependent] = useState(false);
  const lastIntent = useRef<LifecycleIntentName | null>(null);
  const [winner, setWinner] = useState<string[]>([]);
  const [serve, setServe] = useState(false);
  // Only a variant is worth serving: the control is what every visitor sees without svc.
  const servable = winner[0] !== undefined && winner[0] !== "none" && winner[0] !== arms[0]?.id;
  const busy = fetcher.state !== "idle";
  const answered = useRef<LifecycleAnswer | undefined>(undefined);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || answered.current === fetcher.data) return;
    answered.current = fetcher.data;
    const answer = fetcher.data;
    if (!answer.ok && answer.problem.type?.endsWith("/test-overlap") && lastIntent.current) {
      setOverlap({ intent: lastIntent.current, detail: answer.problem.detail ?? answer.problem.title });
      setIndependent(false);
      setAsking("overlap");
      return;
    }
    if (answer.ok) showToast(answer.message);
    else showToast(answer.problem.title, { isError: true });
    setAsking(null);
  }, [fetcher.state, fetcher.data, showToast]);

  const submit = (intent: LifecycleIntentName, extra: Record<string, string> = {}) => {
    lastIntent.current = intent;
    fetcher.submit({ intent, ...extra }, { method: "post" });
  };

  const run = (intent: LifecycleIntentName) => {
    if (intent === "complete" || intent === "archive") {
      setWinner([]);
      setServe(false);
      setAsking(intent);
    } else submit(intent);
  };

  const actions: MenuActionDescriptor[] = intents.map((intent) => ({
    content: intent === "start" && startWarning ? "Start anyway" : LABELS[intent],
    onAction: () => run(intent),
    disabled: busy || (intent === "start" && startBlocker !== null),
    ...(intent === "start" && startBlocker && { helpText: startBlocker }),
    ...(intent === "archive" && { destructive: true }),
  }));
  // The change a merchant most likely wants next is the primary button; the rest sit beside Edit.
  const [first, ...rest] = actions;
  const primaryAction = first && { ...first, primary: true, loading: busy };
  const secondaryActions: MenuActionDescriptor[] = [
    ...(status === "archived" ? [] : [{ content: "Edit", url: `/app/tests/${encodeURIComponent(testId)}/edit` }]),
    ...rest,
  ];

  const modals = (
    <>
      <ConfirmModal
        open={asking === "complete"}
        title="Complete this test?"
        confirm={{
          label: "Complete test",
          loading: busy,
          disabled: winner.length === 0,
          onAction: () => submit("complete", { winner: winner[0] ?? "none", ...(servable && serve && { serve: "on" }) }),
        }}
        onClose={() => setAsking(null)}
      >
        <ChoiceList
          title="Which arm won?"
          choices={[...arms.map((arm) => ({ label: arm.name, value: arm.id })), { label: "No winner", value: "none" }]}
          selected={winner}
          onChange={setWinner}
        />
        <Checkbox
          label="Keep serving the winner to every visitor"
          helpText="The win is live at once, no longer measured, until you make it part of your theme and end serving it."
          checked={servable && serve}
          disabled={!servable}
          onChange={setServe}
        />
        <Text as="p" tone="subdued">
          Visitors stop entering the test at once. Its results stay readable.
        </Text>
      </ConfirmModal>
      <ConfirmModal
        open={asking === "overlap"}
        title="This test overlaps a running test"
        confirm={{
          label: overlap?.intent === "resume" ? "Resume anyway" : "Start anyway",
          loading: busy,
          disabled: !independent,
          onAction: () => overlap && submit(overlap.intent, { independent: "confirmed" }),
        }}
        onClose={() => setAsking(null)}
      >
        <Text as="p">{overlap?.detail}</Text>
        <Checkbox
          label="These tests are independent: a visitor may be in both"
          helpText="Otherwise put both tests in one mutually exclusive group (Edit, then Group), so that no visitor is in both."
          checked={independent}
          onChange={setIndependent}
        />
      </ConfirmModal>
      <ConfirmModal
        open={asking === "archive"}
        title="Archive this test?"
        confirm={{ label: "Archive", destructive: true, loading: busy, onAction: () => submit("archive") }}
        onClose={() => setAsking(null)}
      >
        <Text as="p">The test leaves the list&apos;s All tab and can no longer be started. Its results stay readable under Archived.</Text>
      </ConfirmModal>
    </>
  );

  return { primaryAction, secondaryActions, modals };
}
