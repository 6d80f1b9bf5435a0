// The Settings form's fields: the account owner's email and how many days raw events are kept.
import { FormLayout, TextField } from "@shopify/polaris";

export interface SettingsValues {
  ownerEmail: string;
  retentionDays: string;
}

export type SettingsErrors = Partial<Record<keyof SettingsValues, string>>;

export function SettingsForm({
  values,
  errors,
  bounds,
  onChange,
}: {
  values: SettingsValues;
  errors: SettingsErrors;
  bounds: { min: number; max: number };
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
        error={errors.ownerEmail}
        helpText="Breaking changes to svc's public interface are announced here before they ship."
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
    </FormLayout>
  );
}
