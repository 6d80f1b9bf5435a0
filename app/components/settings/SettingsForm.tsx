// The Settings form's fields: the account owner's email, how many days raw events are kept, the typical lift (with
// the prior chance to win uses now), and whether the team's own visits are left out of tests.
import { BlockStack, Checkbox, FormLayout, Text, TextField } from "@shopify/polaris";
import { MIN_COMPLETED_TESTS } from "~/domain/results/shop-prior";
import type { NoticeKind } from "~/domain/notices/notice-kinds";
import { LIFT_PRIOR_PERCENT_DEFAULT } from "~/domain/settings/settings-form";

export interface SettingsValues {
  ownerEmail: string;
  retentionDays: string;
  /** Percent, as typed. */
  liftPriorPercent: string;
  excludeStaff: boolean;
  /** The notices switched on (NoticesForm). */
  notices: NoticeKind[];
}

export type SettingsErrors = Partial<Record<"ownerEmail" | "retentionDays" | "liftPriorSd" | "notices", string>>;

export function SettingsForm({
  values,
  errors,
  bounds,
  priorBounds,
  priorInUse,
  onChange,
}: {
  values: SettingsValues;
  errors: SettingsErrors;
  bounds: { min: number; max: number };
  priorBounds: { min: number; max: number };
  /** Which prior chance to win uses now, in words (results/shop-prior.ts chancePriorSentence). */
  priorInUse?: string;
  onChange(values: SettingsValues): void;
}) {
  return (
    <FormLayout>
      <TextField
        label="Account owner's email"
        type="email"
        name="ownerEmail"
        autoComplete="email"
        value={values.ownerEmail}
        onChange={(ownerEmail) => onChange({ ...values, ownerEmail })}
        // Asked for as soon as a notice is switched on without it, not only when the save is refused.
        error={errors.ownerEmail ?? (values.notices.length > 0 && !values.ownerEmail.trim() ? "Enter the email the notices you switched on go to." : undefined)}
        helpText="Breaking changes to svc's public interface are announced here before they ship, and the notices you switch on below are sent here."
      />
      <TextField
        label="Keep raw events for"
        type="number"
        name="retentionDays"
        autoComplete="off"
        suffix="days"
        min={bounds.min}
        max={bounds.max}
        value={values.retentionDays}
        onChange={(retentionDays) => onChange({ ...values, retentionDays })}
        error={errors.retentionDays}
        helpText={`From ${bounds.min} to ${bounds.max} days. Older raw events are deleted every hour; test results come from daily totals and do not change.`}
      />
      <BlockStack gap="100">
        <TextField
          label="Typical size of a lift"
          type="number"
          name="liftPriorPercent"
          autoComplete="off"
          suffix="%"
          min={priorBounds.min}
          max={priorBounds.max}
          step={0.5}
          value={values.liftPriorPercent}
          onChange={(liftPriorPercent) => onChange({ ...values, liftPriorPercent })}
          error={errors.liftPriorSd}
          helpText={`Chance to win assumes 19 real lifts in 20 fall within twice this, either way (${LIFT_PRIOR_PERCENT_DEFAULT}% by default, from ${priorBounds.min} to ${priorBounds.max}), until ${MIN_COMPLETED_TESTS} of your tests have completed; from then on it learns this from them. A larger value trusts big early differences more. Verdicts do not use it.`}
        />
        {priorInUse && (
          <span data-svc-prior-in-use>
            <Text as="p" variant="bodySm">
              {`In use now: ${priorInUse}`}
            </Text>
          </span>
        )}
      </BlockStack>
      <Checkbox
        label="Leave my team's visits out of tests"
        name="excludeStaff"
        checked={values.excludeStaff}
        onChange={(excludeStaff) => onChange({ ...values, excludeStaff })}
        helpText="Browsers on a network this admin was opened from in the last 30 days see your stores as if svc were not installed: no variant, nothing counted. svc keeps those addresses only while this is on. The theme editor is always left out."
      />
    </FormLayout>
  );
}
