// Traffic and arms: the share of visitors who enter the test, the control and its variants with their
// weights, what each variant changes and charges, and the test's settings at checkout when an arm has an offer.
import { BlockStack, Box, Button, Card, InlineError, InlineStack, Text, TextField } from "@shopify/polaris";
import { armKey, emptyArm, MAX_ARMS, type ArmDraft, type FieldErrors, type SiteKind, type TestFormValues } from "~/domain/experiments/test-form";
import { ArmOffer } from "./ArmOffer";
import { OfferSettings, offersInForm } from "./OfferSettings";
import { StorefrontEditorAction, type StorefrontEditorLaunch } from "./StorefrontEditorAction";
import { VariantChanges } from "./VariantChanges";
import { errorsUnder, type TemplateOptions } from "./types";

interface Props {
  values: TestFormValues;
  siteKind: SiteKind;
  templates: TemplateOptions;
  errors: FieldErrors;
  disabled: boolean;
  onChange(patch: Partial<TestFormValues>): void;
  /** The saved test's "Edit on the storefront" for its variants; absent for a new test. */
  storefrontEditor?: { testId: string; launch: StorefrontEditorLaunch; dirty: boolean };
}

/** Each arm's share of the visitors in the test, from the weights typed so far. */
function shares(arms: ArmDraft[]): Array<number | null> {
  const weights = arms.map((arm) => (/^\d+$/.test(arm.weight.trim()) ? Number(arm.weight) : null));
  const total = weights.reduce<number>((sum, w) => sum + (w ?? 0), 0);
  return weights.map((w) => (w === null || total === 0 ? null : w / total));
}

export function ArmsSection({ values, siteKind, templates, errors, disabled, onChange, storefrontEditor }: Props) {
  const { arms } = values;
  const setArm = (i: number, arm: Partial<ArmDraft>) => onChange({ arms: arms.map((a, j) => (j === i ? { ...a, ...arm } : a)) });
  const share = shares(arms);
  const nextName = `Variant ${armKey(arms.length).toUpperCase()}`;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Traffic and arms
        </Text>
        <TextField
          label="Traffic in the test"
          type="number"
          suffix="%"
          min={1}
          max={100}
          autoComplete="off"
          value={values.trafficPercent}
          disabled={disabled}
          onChange={(trafficPercent) => onChange({ trafficPercent })}
          error={errors.trafficPercent}
          helpText="Visitors on matching pages who enter the test; the others see the page unchanged and are not counted."
        />
        {arms.map((arm, i) => {
          const armErrors = errorsUnder(errors, `arms.${i}`);
          return (
            <Box key={i} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h3" variant="headingSm">
                    {i === 0 ? "Control" : `Variant ${armKey(i).toUpperCase()}`}
                  </Text>
                  {i > 0 && (
                    <Button tone="critical" disabled={disabled || arms.length <= 2} onClick={() => onChange({ arms: arms.filter((_, j) => j !== i) })}>
                      Remove variant
                    </Button>
                  )}
                </InlineStack>
                <InlineStack gap="300" blockAlign="start">
                  <TextField label="Arm name" autoComplete="off" value={arm.name} disabled={disabled} onChange={(name) => setArm(i, { name })} error={armErrors.name} />
                  <TextField
                    label="Weight"
                    type="number"
                    min={1}
                    autoComplete="off"
                    value={arm.weight}
                    disabled={disabled}
                    onChange={(weight) => setArm(i, { weight })}
                    error={armErrors.weight}
                    helpText={share[i] == null ? " " : `${Math.round((share[i] ?? 0) * 1000) / 10}% of the test's visitors`}
                  />
                </InlineStack>
                {i === 0 ? (
                  <Text as="p" tone="subdued">
                    The control shows the page as it is.
                  </Text>
                ) : (
                  <VariantChanges arm={arm} siteKind={siteKind} templates={templates} errors={armErrors} disabled={disabled} onChange={(a) => setArm(i, a)} />
                )}
                {i > 0 && storefrontEditor?.launch.armKeys.includes(armKey(i)) && (arm.change === "patches" || arm.change === "none") && (
                  <StorefrontEditorAction {...storefrontEditor} armKey={armKey(i)} armName={arm.name || `Variant ${armKey(i).toUpperCase()}`} />
                )}
                {i === 0 && armErrors.change && <InlineError message={armErrors.change} fieldID="arms-0-change" />}
                {(siteKind === "shopify" || (arm.offer && arm.offer.kind !== "none")) && (
                  <ArmOffer
                    armName={arm.name || (i === 0 ? "Control" : `Variant ${armKey(i).toUpperCase()}`)}
                    offer={arm.offer}
                    errors={errorsUnder(armErrors, "offer")}
                    disabled={disabled}
                    onChange={(offer) => setArm(i, { offer })}
                  />
                )}
              </BlockStack>
            </Box>
          );
        })}
        {siteKind === "shopify" && offersInForm(values) && <OfferSettings values={values} errors={errors} disabled={disabled} onChange={onChange} />}
        {errors.arms && <InlineError message={errors.arms} fieldID="arms" />}
        <InlineStack>
          <Button disabled={disabled || arms.length >= MAX_ARMS} onClick={() => onChange({ arms: [...arms, { ...emptyArm(nextName), change: "patches", patches: [] }] })}>
            Add variant
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
