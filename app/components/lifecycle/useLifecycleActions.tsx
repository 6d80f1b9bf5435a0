// The results page's lifecycle buttons: Edit, then Start/Pause/Resume/Complete/Archive as the status allows,
// and the decision card's one action (Ship B, Keep the original, End: no difference). Complete (from either)
// asks in CompleteDialog, with the data's choice pre-selected and its figures beside it; Archive asks first; a
// start refused because the test overlaps a running one names the conflict and offers what the merchant can
// do about it; the answer comes back as a toast.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Text } from "@shopify/polaris";
import type { MenuActionDescriptor } from "@shopify/polaris";
import { ConfirmModal, useToast } from "~/components/admin/app-bridge";
import type { LifecycleIntentName } from "~/domain/experiments/test-lifecycle";
import type { DecisionSummary } from "~/domain/results/decision-summary";
import { decisionAction, type ServedTo } from "~/domain/results/ship-choice";
import { CompleteDialogBody, completePlan, initialChoice, type CompleteChoice } from "./CompleteDialog";
import { OverlapDialogBody, type OverlapWith } from "./OverlapDialog";

export interface LifecycleProps {
  testId: string;
  intents: LifecycleIntentName[];
  status: string;
  arms: Array<{ id: string; name: string }>;
  startBlocker: string | null;
  /** The last selector check found changes that match nothing: Start still starts, and says so. */
  startWarning?: boolean;
  /** The decision at the top of the page: the card's action and the Complete dialog's pre-selection and figures. */
  decision?: DecisionSummary | null;
  /** Who a served winner reaches (the test's pages, audience, traffic share, the site's holdout). */
  servedTo?: ServedTo;
  /** The running tests this one overlaps now, for the overlap dialog's actions. */
  overlaps?: readonly OverlapWith[];
}

/** The decision card's button: the action the decision names. */
export interface DecisionButton {
  content: string;
  onAction(): void;
  loading: boolean;
  disabled: boolean;
}

const NO_ONE: ServedTo = { pages: [], audience: null, trafficPercent: 100, holdoutPercent: 0 };

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

export function useLifecycleActions({ testId, intents, status, arms, startBlocker, startWarning = false, decision = null, servedTo = NO_ONE, overlaps = [] }: LifecycleProps) {
  const fetcher = useFetcher<LifecycleAnswer>();
  const showToast = useToast();
  const [asking, setAsking] = useState<"complete" | "archive" | "overlap" | null>(null);
  const [overlap, setOverlap] = useState<{ intent: LifecycleIntentName; detail: string } | null>(null);
  const [independent, setIndependent] = useState(false);
  const lastIntent = useRef<LifecycleIntentName | null>(null);
  const [choice, setChoice] = useState<CompleteChoice>({ winner: null, serve: false, acknowledged: false });
  const [completeTitle, setCompleteTitle] = useState("Complete this test?");
  const plan = completePlan(arms, decision, choice);
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

  // Completing starts from what the data says, whichever button opened it: the merchant changes it knowingly.
  const askComplete = (title: string) => {
    setChoice(initialChoice(arms, decision));
    setCompleteTitle(title);
    setAsking("complete");
  };

  const run = (intent: LifecycleIntentName) => {
    if (intent === "complete") askComplete("Complete this test?");
    else if (intent === "archive") setAsking(intent);
    else submit(intent);
  };

  const action = decision && intents.includes("complete") ? decisionAction(decision, arms) : null;
  const decisionButton: DecisionButton | null = action && {
    content: action.label,
    onAction: () => askComplete(`${action.label}?`),
    loading: busy && asking === "complete",
    disabled: busy,
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
        title={completeTitle}
        confirm={{
          label: plan.label,
          loading: busy,
          disabled: !plan.ready,
          onAction: () => {
            lastIntent.current = "complete";
            fetcher.submit(plan.form, { method: "post" });
          },
        }}
        onClose={() => setAsking(null)}
      >
        <CompleteDialogBody arms={arms} decision={decision} servedTo={servedTo} choice={choice} onChange={setChoice} />
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
        <OverlapDialogBody
          testId={testId}
          intent={overlap?.intent === "resume" ? "resume" : "start"}
          detail={overlap?.detail ?? ""}
          overlaps={overlaps}
          independent={independent}
          onIndependent={setIndependent}
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

  return { primaryAction, secondaryActions, modals, decisionButton };
}
