// A variant's DOM changes: add, remove and reorder them, each with the fields its operation needs.
import { BlockStack, Box, Button, Checkbox, InlineError, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { emptyPatch, PATCH_OP_LABELS, PATCH_OPS, type FieldErrors, type PatchDraft } from "~/domain/experiments/test-form";
import type { PatchOp } from "~/wire";
import { checkSelectorNow } from "./selector-check";

interface Props {
  /** "Variant B", used in field labels. */
  armName: string;
  patches: PatchDraft[];
  /** Errors under this arm's "patches." prefix ("0.sel"). */
  errors: FieldErrors;
  disabled: boolean;
  onChange(patches: PatchDraft[]): void;
}

export function PatchListEditor({ armName, patches, errors, disabled, onChange }: Props) {
  const set = (i: number, patch: Partial<PatchDraft>) => onChange(patches.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const move = (i: number, by: number) => {
    const next = [...patches];
    const [moved] = next.splice(i, 1);
    if (moved) next.splice(i + by, 0, moved);
    onChange(next);
  };
  return (
    <BlockStack gap="300">
      {patches.map((patch, i) => {
        const label = `${armName} change ${i + 1}`;
        // A selector is checked as it is typed; the server's message wins once the form was sent.
        const selError = errors[`${i}.sel`] ?? (patch.sel ? checkSelectorNow(patch.sel) : null) ?? undefined;
        return (
          <Box key={i} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h4" variant="headingSm">
                  Change {i + 1}
                </Text>
                <InlineStack gap="100">
                  <Button size="slim" disabled={disabled || i === 0} onClick={() => move(i, -1)} accessibilityLabel={`Move ${label} up`}>
                    ↑
                  </Button>
                  <Button size="slim" disabled={disabled || i === patches.length - 1} onClick={() => move(i, 1)} accessibilityLabel={`Move ${label} down`}>
                    ↓
                  </Button>
                  <Button size="slim" tone="critical" disabled={disabled} onClick={() => onChange(patches.filter((_, j) => j !== i))} accessibilityLabel={`Remove ${label}`}>
                    Remove
                  </Button>
                </InlineStack>
              </InlineStack>
              <Select
                label="Operation"
                options={PATCH_OPS.map((op) => ({ label: PATCH_OP_LABELS[op], value: op }))}
                value={patch.op}
                disabled={disabled}
                onChange={(op) => set(i, { op: op as PatchOp })}
                error={errors[`${i}.op`]}
              />
              {patch.op !== "css" && (
                <TextField
                  label="CSS selector"
                  autoComplete="off"
                  monospaced
                  value={patch.sel}
                  disabled={disabled}
                  onChange={(sel) => set(i, { sel })}
                  placeholder=".hero h1"
                  error={selError}
                  helpText="Every element it matches is changed; html, head, body and :root are never changed."
                />
              )}
              <OpFields patch={patch} errors={errors} index={i} disabled={disabled} onChange={(p) => set(i, p)} />
            </BlockStack>
          </Box>
        );
      })}
      {errors.patches && <InlineError message={errors.patches} fieldID={`${armName}-patches`} />}
      <InlineStack>
        <Button disabled={disabled} onClick={() => onChange([...patches, emptyPatch()])}>
          Add change
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

function OpFields({ patch, errors, index, disabled, onChange }: { patch: PatchDraft; errors: FieldErrors; index: number; disabled: boolean; onChange(p: Partial<PatchDraft>): void }) {
  const error = (field: string) => errors[`${index}.${field}`];
  switch (patch.op) {
    case "text":
    case "html":
      return (
        <TextField
          label={patch.op === "text" ? "New text" : "New HTML"}
          autoComplete="off"
          multiline={patch.op === "html" ? 4 : 2}
          monospaced={patch.op === "html"}
          value={patch.value}
          disabled={disabled}
          onChange={(value) => onChange({ value })}
          error={error("value")}
        />
      );
    case "attr":
      return (
        <BlockStack gap="200">
          <TextField label="Attribute" autoComplete="off" monospaced value={patch.name} disabled={disabled} onChange={(name) => onChange({ name })} error={error("name")} placeholder="href" />
          <Checkbox label="Remove this attribute" checked={patch.removeAttribute} disabled={disabled} onChange={(removeAttribute) => onChange({ removeAttribute })} />
          {!patch.removeAttribute && <TextField label="Value" autoComplete="off" value={patch.value} disabled={disabled} onChange={(value) => onChange({ value })} error={error("value")} />}
        </BlockStack>
      );
    case "class":
      return (
        <InlineStack gap="200">
          <TextField label="Classes to add" autoComplete="off" monospaced value={patch.add} disabled={disabled} onChange={(add) => onChange({ add })} error={error("add")} helpText="Separated by spaces" />
          <TextField label="Classes to remove" autoComplete="off" monospaced value={patch.remove} disabled={disabled} onChange={(remove) => onChange({ remove })} error={error("remove")} />
        </InlineStack>
      );
    case "style":
      return (
        <TextField
          label="Styles"
          autoComplete="off"
          monospaced
          multiline={3}
          value={patch.declarations}
          disabled={disabled}
          onChange={(declarations) => onChange({ declarations })}
          error={error("declarations")}
          placeholder={"color: #c00;\nfont-weight: bold"}
          helpText="One property: value per line"
        />
      );
    case "css":
      return (
        <TextField
          label="Style sheet"
          autoComplete="off"
          monospaced
          multiline={5}
          value={patch.value}
          disabled={disabled}
          onChange={(value) => onChange({ value })}
          error={error("value")}
          helpText="Rules that would match html, head or body are rewritten so they never do."
        />
      );
    case "hide":
      return null;
  }
}
