// The Complete dialog's content, for the header's "Complete test" and the decision card's one action alike: the
// figures that decided (or did not decide) the test, which arm won (the data's choice pre-selected), whether to
// keep serving it and to whom, and a warning that must be confirmed when the choice goes against the data.
import { Banner, BlockStack, Checkbox, ChoiceList, Text } from "@shopify/polaris";
import type { DecisionSummary } from "~/domain/results/decision-summary";
import { decisionWords } from "~/domain/results/decision-words";
import { againstDataWarning, dataChoice, decidingFigures, servedToSentences, type ChoiceArm, type ServedTo } from "~/domain/results/ship-choice";

/** The "none" choice of the arm list: completing without a winner. */
export const NO_WINNER = "none";

export interface CompleteChoice {
  /** The chosen arm's id, NO_WINNER, or null before a choice. */
  winner: string | null;
  serve: boolean;
  /** The merchant ticked "choose it anyway" under the warning. */
  acknowledged: boolean;
}

export interface CompletePlan {
  /** Only a variant is worth serving: the control is what every visitor sees without svc. */
  servable: boolean;
  /** The sentence that says the choice goes against the data; null when it follows it. */
  warning: string | null;
  /** The confirm button's words. */
  label: string;
  /** The confirm button may be pressed: an arm is chosen and any warning was acknowledged. */
  ready: boolean;
  /** The form the confirm button posts. */
  form: Record<string, string>;
}

/** The dialog's choice as it opens: what the data calls for (a shipped variant kept served), or nothing chosen. */
export function initialChoice(arms: readonly ChoiceArm[], decision: DecisionSummary | null): CompleteChoice {
  const data = decision ? dataChoice(decision, arms) : null;
  return data ? { winner: data.winnerArmId ?? NO_WINNER, serve: data.serve, acknowledged: false } : { winner: null, serve: false, acknowledged: false };
}

/** What the dialog's choice means: the confirm button's words and state, and the form it posts. */
export function completePlan(arms: readonly ChoiceArm[], decision: DecisionSummary | null, choice: CompleteChoice): CompletePlan {
  const { winner } = choice;
  const winnerArmId = winner === null || winner === NO_WINNER ? null : winner;
  const servable = winnerArmId !== null && winnerArmId !== arms[0]?.id;
  const serve = servable && choice.serve;
  const warning = winner !== null && decision ? againstDataWarning(decision, arms, { winnerArmId, serve }) : null;
  const armName = arms.find((a) => a.id === winnerArmId)?.name;
  const label = serve
    ? `Ship ${armName ?? "the winner"}`
    : winnerArmId !== null && winnerArmId === arms[0]?.id
      ? "Keep the original"
      : winner === NO_WINNER && decision?.state === "no-difference"
        ? "End: no difference"
        : "Complete test";
  return {
    servable,
    warning,
    label,
    ready: winner !== null && (warning === null || choice.acknowledged),
    form: {
      intent: "complete",
      winner: winner ?? NO_WINNER,
      ...(serve && { serve: "on" }),
      // The server asks again for what the merchant confirmed here (app/services/admin/test-lifecycle.server.ts).
      ...(serve && warning !== null && choice.acknowledged && { against: "confirmed" }),
    },
  };
}

export interface CompleteDialogBodyProps {
  arms: readonly ChoiceArm[];
  /** The decision at the top of the page; null when the page has none to give. */
  decision: DecisionSummary | null;
  servedTo: ServedTo;
  choice: CompleteChoice;
  onChange(choice: CompleteChoice): void;
}

export function CompleteDialogBody({ arms, decision, servedTo, choice, onChange }: CompleteDialogBodyProps) {
  const plan = completePlan(arms, decision, choice);
  const armName = arms.find((a) => a.id === choice.winner)?.name ?? "the winner";
  const everyone = servedTo.audience === null || servedTo.audience === "Everyone";
  // Any change of choice asks for the warning's confirmation again: it was given for another choice.
  const change = (next: Partial<CompleteChoice>) => onChange({ ...choice, ...next, acknowledged: next.acknowledged ?? false });
  return (
    <BlockStack gap="400">
      {decision && (
        <section aria-label="What the data says" data-complete-figures="">
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              What the data says: {decisionWords(decision).title}
            </Text>
            {decidingFigures(decision).map((sentence) => (
              <Text as="p" key={sentence}>
                {sentence}
              </Text>
            ))}
          </BlockStack>
        </section>
      )}
      <ChoiceList
        title="Which arm won?"
        choices={[...arms.map((arm) => ({ label: arm.name, value: arm.id })), { label: "No winner", value: NO_WINNER }]}
        selected={choice.winner === null ? [] : [choice.winner]}
        onChange={(selected) => change({ winner: selected[0] ?? null })}
      />
      <Checkbox
        label={`Keep serving ${plan.servable ? armName : "the winner"} to ${everyone ? "every visitor" : "the test's audience"} on its pages`}
        helpText="The win is live at once, no longer measured, until you make it part of your theme and end serving it."
        checked={plan.servable && choice.serve}
        disabled={!plan.servable}
        onChange={(serve) => change({ serve })}
      />
      {plan.servable && choice.serve && (
        <section aria-label="Who will see it" data-complete-audience="">
          <BlockStack gap="100">
            {servedToSentences(armName, servedTo).map((sentence) => (
              <Text as="p" key={sentence}>
                {sentence}
              </Text>
            ))}
          </BlockStack>
        </section>
      )}
      {plan.warning && (
        <Banner tone="warning" title="This goes against the data">
          <BlockStack gap="200">
            <p>{plan.warning}</p>
            <Checkbox
              label={plan.servable && choice.serve ? `Serve ${armName} anyway: this is my decision, not the data's` : "Complete this way anyway: this is my decision, not the data's"}
              checked={choice.acknowledged}
              onChange={(acknowledged) => onChange({ ...choice, acknowledged })}
            />
          </BlockStack>
        </Banner>
      )}
      <Text as="p" tone="subdued">
        Visitors stop entering the test at once. Its results stay readable.
      </Text>
    </BlockStack>
  );
}
