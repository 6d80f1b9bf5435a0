// A test's status as a badge, toned the same on the home page and the results page.
import { Badge } from "@shopify/polaris";
import type { BadgeProps } from "@shopify/polaris";

const TONES: Record<string, BadgeProps["tone"]> = {
  running: "success",
  paused: "warning",
  completed: "info",
};

const LABELS: Record<string, string> = {
  draft: "Draft",
  running: "Running",
  paused: "Paused",
  completed: "Completed",
  archived: "Archived",
};

export function TestStatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status]}>{LABELS[status] ?? status}</Badge>;
}
