// The Settings switches for the owner's notices: one checkbox per kind, each saying what it sends. All off by
// default, since the spec allows svc to email merchants only breaking-change announcements unasked.
import { BlockStack, Checkbox, InlineError, Text } from "@shopify/polaris";
import { NOTICE_KINDS, NOTICE_WORDS, type NoticeKind } from "~/domain/notices/notice-kinds";
import type { SettingsValues } from "./SettingsForm";

export function NoticesForm({ values, error, onChange }: { values: SettingsValues; error?: string; onChange(values: SettingsValues): void }) {
  const toggle = (kind: NoticeKind, on: boolean) =>
    onChange({ ...values, notices: NOTICE_KINDS.filter((k) => (k === kind ? on : values.notices.includes(k))) });
  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        Emails go to the account owner's email above. Announcements of breaking changes are always sent.
      </Text>
      {NOTICE_KINDS.map((kind) => (
        <Checkbox
          key={kind}
          label={NOTICE_WORDS[kind].label}
          name={`notice-${kind}`}
          checked={values.notices.includes(kind)}
          onChange={(on) => toggle(kind, on)}
          helpText={NOTICE_WORDS[kind].helpText}
        />
      ))}
      {error && <InlineError message={error} fieldID="notice-decided" />}
    </BlockStack>
  );
}
