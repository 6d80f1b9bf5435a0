// Who may enter the test: audience rules (all must hold), each with "who matches" in words, and a live
// "would this visitor match?" check that runs the rules as the server and the snippet do.
import { useState } from "react";
import { Badge, BlockStack, Button, Card, ChoiceList, InlineError, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { checkSampleVisitor, emptySampleVisitor, type SampleVisitor } from "~/domain/experiments/audience-check";
import { emptyAudienceRule, readAudienceDraft, type AudienceDraft, type FieldErrors, type SiteKind } from "~/domain/experiments/test-form";
import {
  AUDIENCE_KINDS, audienceKindLabel, CLOSED_VALUES, describeRule, DEVICE_CLASSES, MAX_AUDIENCE_RULES, SHOPIFY_KINDS, UTM_NAMES, type AudienceKind,
} from "~/wire/rules/audience";
import { errorsUnder } from "./types";

/** What to type in a rule's values, by kind. */
const VALUE_HELP: Record<AudienceKind, string> = {
  device: "Decided on the server from the browser's User-Agent.",
  visitor: "New: the first session of svc's visitor id in this browser; returning: any later one.",
  channel: "From the landing page's UTM parameters and referrer (docs/audiences.md).",
  utm: "Values, comma-separated, any case; empty: any value. Read on the session's landing page.",
  country: "Two-letter codes (US, DE, …), by the visitor's network address, as for consent.",
  market: "Market handles (us, europe, …), as Shopify's localization.market.handle prints them.",
  language: "Language codes (en, pt-BR, …): en covers en-US; pt-BR only itself.",
  currency: "Currency codes (USD, EUR, …) of the cart.",
  customer: "Logged in to a customer account, or a guest.",
  query: "Values, comma-separated, exact; empty: the parameter with any value. Checked on each page.",
  cookie: "Values, comma-separated, exact as stored; empty: the cookie with any value. Checked on each page, never sent.",
};

interface Props {
  audience: AudienceDraft[];
  siteKind: SiteKind;
  errors: FieldErrors;
  disabled: boolean;
  onChange(audience: AudienceDraft[]): void;
}

export function AudienceSection({ audience, siteKind, errors, disabled, onChange }: Props) {
  const [sample, setSample] = useState<SampleVisitor>(emptySampleVisitor);
  const set = (i: number, rule: Partial<AudienceDraft>) => onChange(audience.map((r, j) => (j === i ? { ...r, ...rule } : r)));
  const kinds = AUDIENCE_KINDS.filter((kind) => siteKind === "shopify" || !SHOPIFY_KINDS.includes(kind));
  const kindOptions = kinds.map((kind) => ({ label: audienceKindLabel(kind), value: kind }));
  const read = audience.map((draft) => readAudienceDraft(draft, siteKind));
  const valid = read.filter((r) => !r.error).map((r) => r.rule);
  const check = checkSampleVisitor(valid, sample);
  const used = new Set(valid.map((r) => r.kind));
  const sampleField = (key: keyof SampleVisitor, label: string, placeholder: string) => (
    <TextField label={label} autoComplete="off" value={sample[key]} placeholder={placeholder} onChange={(v) => setSample((s) => ({ ...s, [key]: v }))} />
  );
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Audience
        </Text>
        <Text as="p" tone="subdued">
          Who may enter the test: a visitor must meet every rule. A visitor outside the audience is not assigned, sees the page
          unchanged and is not counted; the results are for the audience alone. No rules: every visitor.
        </Text>
        {audience.map((draft, i) => {
          const e = errorsUnder(errors, `audience.${i}`);
          const { rule, error } = read[i]!;
          const closed = CLOSED_VALUES[draft.kind];
          const chosen = closed ? rule.values.filter((v) => closed.includes(v)) : [];
          return (
            <div key={i} data-svc-audience-rule={i}>
              <BlockStack gap="200">
                <InlineStack gap="200" blockAlign="start" wrap={false}>
                  <Select
                    label={`Audience rule ${i + 1} reads`}
                    labelHidden
                    options={kindOptions}
                    value={draft.kind}
                    disabled={disabled}
                    onChange={(kind) => set(i, emptyAudienceRule(kind as AudienceKind))}
                    error={e.kind}
                  />
                  {draft.kind === "utm" && (
                    <Select
                      label={`Audience rule ${i + 1} parameter`}
                      labelHidden
                      options={UTM_NAMES.map((n) => ({ label: `utm_${n}`, value: n }))}
                      value={draft.name}
                      disabled={disabled}
                      onChange={(name) => set(i, { name })}
                      error={e.name}
                    />
                  )}
                  {(draft.kind === "query" || draft.kind === "cookie") && (
                    <TextField
                      label={`Audience rule ${i + 1} ${draft.kind === "query" ? "parameter" : "cookie"} name`}
                      labelHidden
                      autoComplete="off"
                      placeholder={draft.kind === "query" ? "promo" : "vip"}
                      value={draft.name}
                      disabled={disabled}
                      onChange={(name) => set(i, { name })}
                      error={e.name}
                    />
                  )}
                  <div style={{ flexGrow: 1 }}>
                    {closed ? (
                      // A closed set is chosen, not typed: nothing to misspell.
                      <BlockStack gap="100">
                        <ChoiceList
                          title={`Audience rule ${i + 1} values`}
                          titleHidden
                          allowMultiple
                          choices={closed.map((value) => ({ label: value, value }))}
                          selected={chosen}
                          disabled={disabled}
                          onChange={(picked) => set(i, { values: closed.filter((v) => picked.includes(v)).join(", ") })}
                          error={e.values}
                        />
                        <Text as="p" tone="subdued" variant="bodySm">
                          {VALUE_HELP[draft.kind] ?? ""}
                        </Text>
                      </BlockStack>
                    ) : (
                      <TextField
                        label={`Audience rule ${i + 1} values`}
                        labelHidden
                        autoComplete="off"
                        value={draft.values}
                        disabled={disabled}
                        placeholder={draft.kind === "utm" ? "newsletter" : ""}
                        helpText={VALUE_HELP[draft.kind] ?? ""}
                        onChange={(values) => set(i, { values })}
                        error={e.values}
                      />
                    )}
                  </div>
                  <Button disabled={disabled} onClick={() => onChange(audience.filter((_, j) => j !== i))} accessibilityLabel={`Remove audience rule ${i + 1}`}>
                    Remove
                  </Button>
                </InlineStack>
                {!error && (
                  <Text as="p" tone="subdued">
                    Who matches: {describeRule(rule)}
                  </Text>
                )}
              </BlockStack>
            </div>
          );
        })}
        {errors.audience && <InlineError message={errors.audience} fieldID="audience" />}
        <InlineStack>
          <Button disabled={disabled || audience.length >= MAX_AUDIENCE_RULES} onClick={() => onChange([...audience, emptyAudienceRule()])}>
            Add audience rule
          </Button>
        </InlineStack>
        {valid.length > 0 && (
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              Would this visitor match?
            </Text>
            <InlineStack gap="200">
              {used.has("device") && (
                <Select label="Device" options={DEVICE_CLASSES.map((d) => ({ label: d, value: d }))} value={sample.device} onChange={(v) => setSample((s) => ({ ...s, device: v as SampleVisitor["device"] }))} />
              )}
              {used.has("visitor") && (
                <Select label="Visitor" options={["new", "returning"].map((v) => ({ label: v, value: v }))} value={sample.visitor} onChange={(v) => setSample((s) => ({ ...s, visitor: v as SampleVisitor["visitor"] }))} />
              )}
              {used.has("customer") && (
                <Select label="Customer" options={["guest", "logged-in"].map((v) => ({ label: v, value: v }))} value={sample.customer} onChange={(v) => setSample((s) => ({ ...s, customer: v as SampleVisitor["customer"] }))} />
              )}
            </InlineStack>
            {(used.has("utm") || used.has("channel") || used.has("query")) && sampleField("url", "Page URL (the landing page, with its query)", "https://your-store.com/?utm_source=newsletter")}
            {used.has("channel") && sampleField("referrer", "Came from (referrer)", "https://www.google.com/")}
            {used.has("country") && sampleField("country", "Country", "DE")}
            {used.has("market") && sampleField("market", "Market", "europe")}
            {used.has("language") && sampleField("language", "Storefront language", "de")}
            {used.has("currency") && sampleField("currency", "Currency", "EUR")}
            {used.has("cookie") && sampleField("cookies", "Cookies (as document.cookie shows them)", "vip=gold; theme=dark")}
            <div data-svc-audience-check="">
              <InlineStack gap="200" blockAlign="center">
                <Badge tone={check.matches ? "success" : "attention"}>{check.matches ? "Matches" : "Does not match"}</Badge>
                <Text as="span" tone="subdued">
                  {check.matches
                    ? "This visitor would enter the test."
                    : `Not met: ${valid.filter((_, i) => !check.rules[i]).map(describeRule).join("; ")}`}
                </Text>
              </InlineStack>
            </div>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
