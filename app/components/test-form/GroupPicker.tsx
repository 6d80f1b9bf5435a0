// The test's mutually exclusive group (none, or one of its site's) and its share of the group's visitors,
// with what the group's other tests already hold.
import { BlockStack, Card, FormLayout, Link, Select, Text, TextField } from "@shopify/polaris";
import { freeRanges } from "~/domain/experiments/test-group";
import type { FieldErrors, TestFormValues } from "~/domain/experiments/test-form";
import type { EditorGroupOption } from "./types";

interface Props {
  values: TestFormValues;
  groups: EditorGroupOption[];
  errors: FieldErrors;
  disabled: boolean;
  onChange(patch: Partial<TestFormValues>): void;
}

export function GroupPicker({ values, groups, errors, disabled, onChange }: Props) {
  const ofSite = groups.filter((g) => g.siteId === values.siteId);
  const chosen = ofSite.find((g) => g.id === values.groupId);
  const options = [{ label: "None: may share visitors with other tests", value: "" }, ...ofSite.map((g) => ({ label: g.name, value: g.id }))];
  const free = chosen ? freeRanges(chosen.taken) : [];
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Mutually exclusive group
        </Text>
        <Text as="p" tone="subdued">
          Tests in one group never share a visitor: each takes its own share of the group&apos;s visitors. Put tests that
          change the same pages or elements in one group. <Link url="/app/groups">Manage groups</Link>
        </Text>
        <FormLayout>
          <Select
            label="Group"
            options={options}
            value={chosen ? chosen.id : ""}
            disabled={disabled}
            onChange={(groupId) => onChange({ groupId, groupShare: groupId && !values.groupShare ? String(widest(groups, groupId)) : values.groupShare })}
            error={errors.groupId}
          />
          {chosen && (
            <TextField
              label="Share of the group's visitors"
              type="number"
              suffix="%"
              autoComplete="off"
              min={1}
              max={100}
              value={values.groupShare ?? ""}
              disabled={disabled}
              onChange={(groupShare) => onChange({ groupShare })}
              error={errors.groupShare}
              helpText={
                chosen.taken.length === 0
                  ? "No other test holds a share of this group yet."
                  : `Held: ${chosen.taken.map((t) => `${t.testName} ${t.start}–${t.start + t.share} %`).join(", ")}. Free: ${
                      free.length ? free.map((r) => `${r.start}–${r.end} %`).join(", ") : "nothing"
                    }.`
              }
            />
          )}
        </FormLayout>
      </BlockStack>
    </Card>
  );
}

/** A new member's default share: the widest free part of the group. */
function widest(groups: EditorGroupOption[], groupId: string): number {
  const group = groups.find((g) => g.id === groupId);
  return group ? freeRanges(group.taken).reduce((max, r) => Math.max(max, r.end - r.start), 0) : 0;
}
