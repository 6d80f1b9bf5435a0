// Where the test runs: page rules (exact, prefix, contains, wildcard) and a "does this URL match?" tester
// that answers with the snippet's own matcher.
import { useState } from "react";
import { Badge, BlockStack, Button, Card, InlineError, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { PAGE_RULE_KINDS, TEMPLATE_TYPES, testPageUrl, type PageRule, type PageRuleKind } from "~/domain/experiments/page-rule";
import type { FieldErrors } from "~/domain/experiments/test-form";

const KIND_LABELS: Record<PageRuleKind, string> = {
  exact: "Is exactly",
  prefix: "Starts with",
  contains: "Contains",
  wildcard: "Matches (* = anything)",
  template: "Template",
};

/** The URL rule kinds, offered on every site (visit goals use these too). */
export const pageKindOptions = PAGE_RULE_KINDS.map((kind) => ({ label: KIND_LABELS[kind], value: kind }));
/** On Shopify sites a rule may also name a template type. */
const shopifyKindOptions = [...pageKindOptions, { label: KIND_LABELS.template, value: "template" as const }];
const templateOptions = [{ label: "Choose a template", value: "" }, ...TEMPLATE_TYPES.map((t) => ({ label: t.label, value: t.name }))];

interface Props {
  pages: PageRule[];
  errors: FieldErrors;
  disabled: boolean;
  /** Shopify sites may target template types (the app embed prints the page's template). */
  shopify: boolean;
  onChange(pages: PageRule[]): void;
}

export function PagesSection({ pages, errors, disabled, shopify, onChange }: Props) {
  const [url, setUrl] = useState("");
  const set = (i: number, rule: Partial<PageRule>) => onChange(pages.map((p, j) => (j === i ? { ...p, ...rule } : p)));
  const result = testPageUrl(pages, url);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Pages
        </Text>
        <Text as="p" tone="subdued">
          The test runs on every page whose path matches any rule. The query string and a trailing / are ignored.
        </Text>
        {pages.map((rule, i) => (
          <InlineStack key={i} gap="200" blockAlign="start" wrap={false}>
            <Select
              label={`Rule ${i + 1} kind`}
              labelHidden
              options={shopify || rule.kind === "template" ? shopifyKindOptions : pageKindOptions}
              value={rule.kind}
              disabled={disabled}
              // Between a path and a template the old value means nothing: start blank.
              onChange={(kind) => set(i, { kind: kind as PageRuleKind, ...((kind === "template") !== (rule.kind === "template") && { value: "" }) })}
            />
            <div style={{ flexGrow: 1 }}>
              {rule.kind === "template" ? (
                <Select label={`Rule ${i + 1} template`} labelHidden options={templateOptions} value={rule.value} disabled={disabled} onChange={(value) => set(i, { value })} error={errors[`pages.${i}.value`]} />
              ) : (
                <TextField
                label={`Rule ${i + 1} path`}
                labelHidden
                autoComplete="off"
                value={rule.value}
                disabled={disabled}
                placeholder={rule.kind === "contains" ? "sale" : rule.kind === "wildcard" ? "/collections/*/products/*" : "/products/"}
                onChange={(value) => set(i, { value })}
                error={errors[`pages.${i}.value`]}
                />
              )}
            </div>
            <Button disabled={disabled || pages.length < 2} onClick={() => onChange(pages.filter((_, j) => j !== i))} accessibilityLabel={`Remove rule ${i + 1}`}>
              Remove
            </Button>
          </InlineStack>
        ))}
        {errors.pages && <InlineError message={errors.pages} fieldID="pages" />}
        <InlineStack>
          <Button disabled={disabled} onClick={() => onChange([...pages, { kind: "prefix", value: "" }])}>
            Add page rule
          </Button>
        </InlineStack>
        <TextField
          label="Does this URL match?"
          autoComplete="off"
          value={url}
          onChange={setUrl}
          placeholder="https://your-store.com/products/hat"
          helpText="Paste a page's URL or path to check it against the rules above."
        />
        {result && (
          <div data-svc-url-test="">
            <InlineStack gap="200" blockAlign="center">
              <Badge tone={result.matches ? "success" : "attention"}>{result.matches ? "Matches" : "Does not match"}</Badge>
              <Text as="span" tone="subdued">
                {result.matches ? `The test runs on ${result.path}` : `The test does not run on ${result.path}`}
              </Text>
            </InlineStack>
            {result.templates > 0 && (
              <Text as="p" tone="subdued">
                Template rules are checked on the storefront: a URL does not tell its template.
              </Text>
            )}
          </div>
        )}
      </BlockStack>
    </Card>
  );
}
