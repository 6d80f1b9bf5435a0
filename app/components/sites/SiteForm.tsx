// The web-site form's fields (name, domain, allowed origins, consent countries, consent platform, goals
// counted from the server) with each field's error under it; the page owns the values so it can tell when
// they differ from what is saved.
import { BlockStack, Checkbox, FormLayout, TextField } from "@shopify/polaris";

export interface SiteFormValues {
  name: string;
  domain: string;
  allowedOrigins: string;
  consentCountries: string;
  consentManagedByMerchant: boolean;
  /** Goal labels counted from the site's server only, one per line. */
  serverGoals: string;
}

export type SiteFormErrors = Partial<Record<keyof SiteFormValues, string>>;

export function emptySiteForm(): SiteFormValues {
  return { name: "", domain: "", allowedOrigins: "", consentCountries: "", consentManagedByMerchant: false, serverGoals: "" };
}

/** The values as a form post (a checkbox sends "on" only when ticked). */
export function siteFormData(values: SiteFormValues, intent?: string): FormData {
  const form = new FormData();
  if (intent) form.set("intent", intent);
  form.set("name", values.name);
  form.set("domain", values.domain);
  form.set("allowedOrigins", values.allowedOrigins);
  form.set("consentCountries", values.consentCountries);
  if (values.consentManagedByMerchant) form.set("consentManagedByMerchant", "on");
  form.set("serverGoals", values.serverGoals);
  return form;
}

export function SiteForm({
  values,
  errors,
  onChange,
}: {
  values: SiteFormValues;
  errors: SiteFormErrors;
  /** Given an update of the latest values (a state setter takes it as it is). */
  onChange(update: (values: SiteFormValues) => SiteFormValues): void;
}) {
  // An update, not this render's values with one field changed: two changes before the next render (a field,
  // then a checkbox) would otherwise each start from the same values, and the second would undo the first.
  const set = <K extends keyof SiteFormValues>(key: K) => (value: SiteFormValues[K]) => onChange((latest) => ({ ...latest, [key]: value }));
  return (
    <FormLayout>
      <TextField label="Name" name="name" autoComplete="off" value={values.name} onChange={set("name")} error={errors.name} helpText="How this site is named in the admin." />
      <TextField
        label="Domain"
        name="domain"
        autoComplete="off"
        value={values.domain}
        onChange={set("domain")}
        error={errors.domain}
        placeholder="www.example.com"
        helpText="Where the site lives; preview links open here. Saved as an https:// origin."
      />
      <TextField
        label="Allowed origins"
        name="allowedOrigins"
        autoComplete="off"
        multiline={3}
        value={values.allowedOrigins}
        onChange={set("allowedOrigins")}
        error={errors.allowedOrigins}
        placeholder="https://www.example.com"
        helpText="Only pages on these origins may send events for this site, one per line. Empty: any origin."
      />
      <BlockStack gap="200">
        <TextField
          label="Consent countries"
          name="consentCountries"
          autoComplete="off"
          value={values.consentCountries}
          onChange={set("consentCountries")}
          error={errors.consentCountries}
          placeholder="DE, FR, GB"
          helpText="Two-letter ISO country codes where visitors are asked for consent first. Empty: the EEA, the UK and Switzerland."
        />
        <Checkbox
          label="My consent platform gates the tag"
          name="consentManagedByMerchant"
          checked={values.consentManagedByMerchant}
          onChange={set("consentManagedByMerchant")}
          helpText='Your consent platform inserts the tag only after the visitor agrees: the tag then carries data-svc-consent="granted" and svc asks nothing itself.'
        />
      </BlockStack>
      <TextField
        label="Goals counted from your server only"
        name="serverGoals"
        autoComplete="off"
        multiline={2}
        value={values.serverGoals}
        onChange={set("serverGoals")}
        error={errors.serverGoals}
        placeholder="order"
        helpText="Goal labels, one per line, that your server reports through POST /api/conversions with an API key. Browsers can then no longer send them (anyone can forge a browser's conversion or its value), and results say their money comes from your server. Empty: every goal may come from the browser."
      />
    </FormLayout>
  );
}

/** A posted site form as the server reads it (the inverse of siteFormData). */
export function readSiteForm(form: FormData) {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : null;
  };
  return {
    name: text("name"),
    domain: text("domain"),
    allowedOrigins: text("allowedOrigins"),
    consentCountries: text("consentCountries"),
    consentManagedByMerchant: text("consentManagedByMerchant"),
    serverGoals: text("serverGoals"),
  };
}
