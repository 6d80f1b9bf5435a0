// What counts as a conversion: the goals (one primary) and the minimum detectable effect used to
// estimate how long the test must run.
import { BlockStack, Box, Button, Card, Checkbox, InlineError, InlineStack, RadioButton, Select, Text, TextField } from "@shopify/polaris";
import type { PageRuleKind } from "~/domain/experiments/page-rule";
import { emptyGoal, isShopifyGoalKind, MAX_GOALS, type FieldErrors, type GoalDraft, type GoalKind, type SiteKind, type TestFormValues } from "~/domain/experiments/test-form";
import { pageKindOptions } from "./PagesSection";
import { checkSelectorNow } from "./selector-check";
import { errorsUnder } from "./types";

const KIND_LABELS: Record<GoalKind, string> = {
  purchase: "Purchase (Shopify order)",
  added_to_cart: "Added to cart (Shopify)",
  checkout_started: "Checkout started (Shopify)",
  product_viewed: "Product viewed (Shopify)",
  custom: "Custom: window.svc.convert(label)",
  url: "Visit to a page",
  click: "Click on an element",
  submit: "Form submitted",
};

interface Props {
  values: TestFormValues;
  siteKind: SiteKind;
  errors: FieldErrors;
  /** Goals are locked on a test that has run; the MDE never is. */
  goalsLocked: boolean;
  onChange(patch: Partial<TestFormValues>): void;
}

export function GoalsSection({ values, siteKind, errors, goalsLocked, onChange }: Props) {
  const { goals } = values;
  const disabled = goalsLocked;
  const setGoal = (i: number, goal: Partial<GoalDraft>) => onChange({ goals: goals.map((g, j) => (j === i ? { ...g, ...goal } : g)) });
  const kinds = (Object.keys(KIND_LABELS) as GoalKind[]).filter((kind) => !isShopifyGoalKind(kind) || siteKind === "shopify");
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Goals
        </Text>
        {goals.map((goal, i) => {
          const e = errorsUnder(errors, `goals.${i}`);
          const selectorError = e.selector ?? (goal.selector ? checkSelectorNow(goal.selector) : null) ?? undefined;
          return (
            <Box key={i} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
              <BlockStack gap="200">
                <InlineStack align="space-between" blockAlign="center">
                  <RadioButton label="Primary goal" name="primary-goal" id={`primary-goal-${i}`} checked={goal.primary} disabled={disabled} onChange={() => onChange({ goals: goals.map((g, j) => ({ ...g, primary: j === i })) })} />
                  <Button tone="critical" disabled={disabled || goals.length < 2} onClick={() => onChange({ goals: goals.filter((_, j) => j !== i) })} accessibilityLabel={`Remove goal ${i + 1}`}>
                    Remove
                  </Button>
                </InlineStack>
                <Select
                  label="Counts when"
                  options={[...kinds, ...(kinds.includes(goal.kind) ? [] : [goal.kind])].map((kind) => ({ label: KIND_LABELS[kind], value: kind }))}
                  value={goal.kind}
                  disabled={disabled}
                  onChange={(kind) => setGoal(i, { ...emptyGoal(kind as GoalKind, goal.primary), ...(!isShopifyGoalKind(kind) && !isShopifyGoalKind(goal.kind) && { label: goal.label }) })}
                  error={e.kind}
                />
                {!isShopifyGoalKind(goal.kind) && (
                  <TextField
                    label="Goal label"
                    autoComplete="off"
                    value={goal.label}
                    disabled={disabled}
                    onChange={(label) => setGoal(i, { label })}
                    error={e.label}
                    helpText={goal.kind === "custom" ? `Your page calls window.svc.convert("${goal.label || "label"}")` : "The name this conversion is reported under"}
                  />
                )}
                {(goal.kind === "click" || goal.kind === "submit") && (
                  <TextField
                    label={goal.kind === "click" ? "Element selector" : "Form selector"}
                    autoComplete="off"
                    monospaced
                    value={goal.selector}
                    disabled={disabled}
                    onChange={(selector) => setGoal(i, { selector })}
                    error={selectorError}
                    placeholder={goal.kind === "click" ? "button.add-to-cart" : "form#newsletter"}
                  />
                )}
                {goal.kind === "url" && (
                  <InlineStack gap="200" blockAlign="start">
                    <Select label="Page" options={pageKindOptions} value={goal.page.kind} disabled={disabled} onChange={(kind) => setGoal(i, { page: { ...goal.page, kind: kind as PageRuleKind } })} />
                    <TextField label="Path" autoComplete="off" value={goal.page.value} disabled={disabled} onChange={(value) => setGoal(i, { page: { ...goal.page, value } })} error={e.page} placeholder="/thank-you" />
                  </InlineStack>
                )}
                <Checkbox
                  label="Guardrail: pause the test if a variant makes this worse"
                  helpText="svc checks every minute and pauses the test once a variant's conversion rate (or revenue per visitor) on this goal is shown to be lower, with the test's confidence; the owner is emailed."
                  checked={goal.guardrail}
                  disabled={disabled}
                  onChange={(guardrail) => setGoal(i, { guardrail })}
                />
              </BlockStack>
            </Box>
          );
        })}
        {errors.goals && <InlineError message={errors.goals} fieldID="goals" />}
        <InlineStack>
          <Button disabled={disabled || goals.length >= MAX_GOALS} onClick={() => onChange({ goals: [...goals, emptyGoal("custom", goals.length === 0)] })}>
            Add goal
          </Button>
        </InlineStack>
        <TextField
          label="Minimum detectable effect"
          type="number"
          suffix="%"
          autoComplete="off"
          value={values.minDetectableEffect}
          onChange={(minDetectableEffect) => onChange({ minDetectableEffect })}
          error={errors.minDetectableEffect}
          helpText="The smallest relative lift on the primary goal worth detecting; smaller effects need more visitors (the results page's “how long to go”)."
        />
      </BlockStack>
    </Card>
  );
}
