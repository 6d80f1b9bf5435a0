// The test's site, name and hypothesis.
import { BlockStack, Card, FormLayout, Select, Text, TextField } from "@shopify/polaris";
import type { FieldErrors, TestFormValues } from "~/domain/experiments/test-form";
import type { EditorSiteOption } from "./types";

interface Props {
  values: TestFormValues;
  sites: EditorSiteOption[];
  errors: FieldErrors;
  /** The site is chosen once: a test that has run stays on its site. */
  siteLocked: boolean;
  onChange(patch: Partial<TestFormValues>): void;
}

export function BasicsSection({ values, sites, errors, siteLocked, onChange }: Props) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Basics
        </Text>
        <FormLayout>
          <Select
            label="Site"
            options={sites.map((site) => ({ label: `${site.name} (${site.kind === "shopify" ? "Shopify" : "web"})`, value: site.id }))}
            value={values.siteId}
            onChange={(siteId) => onChange({ siteId })}
            error={errors.siteId}
            disabled={siteLocked}
          />
          <TextField label="Name" autoComplete="off" value={values.name} onChange={(name) => onChange({ name })} error={errors.name} />
          <TextField
            label="Hypothesis"
            autoComplete="off"
            multiline={3}
            value={values.hypothesis}
            onChange={(hypothesis) => onChange({ hypothesis })}
            error={errors.hypothesis}
            helpText="What you expect to happen and why, e.g. “A shorter headline gets more visitors to add to cart.”"
          />
        </FormLayout>
      </BlockStack>
    </Card>
  );
}
