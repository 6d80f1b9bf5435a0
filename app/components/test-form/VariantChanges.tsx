// What a variant changes: DOM patches, a redirect (split-URL test) or, on Shopify, an alternate template.
import { BlockStack, Select, Text, TextField } from "@shopify/polaris";
import type { ArmDraft, ChangeType, FieldErrors, SiteKind } from "~/domain/experiments/test-form";
import { PatchListEditor } from "./PatchListEditor";
import { errorsUnder, type TemplateOptions } from "./types";

interface Props {
  arm: ArmDraft;
  siteKind: SiteKind;
  templates: TemplateOptions;
  /** Errors under this arm's prefix ("change", "patches.0.sel"). */
  errors: FieldErrors;
  disabled: boolean;
  onChange(arm: Partial<ArmDraft>): void;
}

export function VariantChanges({ arm, siteKind, templates, errors, disabled, onChange }: Props) {
  const types: Array<{ label: string; value: ChangeType }> = [
    { label: "Change elements on the page", value: "patches" },
    { label: "Send visitors to another URL (split URL)", value: "redirect" },
    ...(siteKind === "shopify" || arm.change === "template" ? [{ label: "Show an alternate theme template", value: "template" as const }] : []),
    // A price or offer test's variant may change only what it charges (its offer, below).
    ...(siteKind === "shopify" ? [{ label: "Nothing on the page: only what it charges", value: "none" as const }] : []),
  ];
  return (
    <BlockStack gap="300">
      <Select label={`What ${arm.name || "this variant"} changes`} options={types} value={arm.change === "none" && siteKind !== "shopify" ? "" : arm.change} placeholder="Choose…" disabled={disabled} onChange={(change) => onChange({ change: change as ChangeType })} error={errors.change} />
      {arm.change === "patches" && (
        <PatchListEditor armName={arm.name || "Variant"} patches={arm.patches} errors={{ ...errorsUnder(errors, "patches"), ...(errors.patches && { patches: errors.patches }) }} disabled={disabled} onChange={(patches) => onChange({ patches })} />
      )}
      {arm.change === "redirect" && (
        <TextField
          label="Redirect URL"
          autoComplete="off"
          value={arm.redirectUrl}
          disabled={disabled}
          onChange={(redirectUrl) => onChange({ redirectUrl })}
          error={errors.redirectUrl}
          placeholder="/landing-b"
          helpText="A path on this site, like /landing-b, or a full URL of one of its own pages; not a page this test runs on. The visitor's query parameters are kept."
        />
      )}
      {arm.change === "template" && <TemplatePicker arm={arm} templates={templates} error={errors.template} disabled={disabled} onChange={onChange} />}
    </BlockStack>
  );
}

function TemplatePicker({ arm, templates, error, disabled, onChange }: { arm: ArmDraft; templates: TemplateOptions; error?: string; disabled: boolean; onChange(arm: Partial<ArmDraft>): void }) {
  if (templates.source === "theme" && templates.choices.length > 0) {
    const options = templates.choices.map((c) => ({ label: `${c.suffix} (${c.types.join(", ")})`, value: c.suffix }));
    if (arm.template && !templates.choices.some((c) => c.suffix === arm.template)) options.push({ label: `${arm.template} (not in the live theme)`, value: arm.template });
    return (
      <Select
        label="Alternate template"
        options={options}
        placeholder="Choose a template"
        value={arm.template}
        disabled={disabled}
        onChange={(template) => onChange({ template })}
        error={error}
        helpText={`Templates of ${templates.themeName || "the live theme"}; visitors see the page with ?view=<suffix>.`}
      />
    );
  }
  return (
    <BlockStack gap="100">
      <TextField
        label="Alternate template suffix"
        autoComplete="off"
        monospaced
        value={arm.template}
        disabled={disabled}
        onChange={(template) => onChange({ template })}
        error={error}
        placeholder="b"
        helpText="For templates/product.b.json, enter b; visitors see the page with ?view=b."
      />
      {templates.source === "unavailable" && (
        <Text as="p" tone="caution">
          The live theme&apos;s templates could not be listed; type the suffix.
        </Text>
      )}
      {templates.source === "theme" && (
        <Text as="p" tone="subdued">
          The live theme has no alternate templates yet; create one in the theme editor first.
        </Text>
      )}
    </BlockStack>
  );
}
