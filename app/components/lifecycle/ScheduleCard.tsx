// The test's Schedule card: start and end at times in the shop's time zone, stop once decided, pause on
// flicker; what svc did by itself once it has.
import { useEffect, useState } from "react";
import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, Checkbox, InlineStack, Text, TextField } from "@shopify/polaris";
import { useToast } from "~/components/admin/app-bridge";
import type { ScheduleState } from "~/domain/experiments/schedule";

type ScheduleAnswer = { intent: "schedule"; saved: string } | { intent: "schedule"; fieldErrors: Record<string, string> } | { title: string };

const ENDED_BY: Record<string, string> = {
  schedule: "svc completed this test at its scheduled end.",
  ship: "svc completed this test once a variant won, as asked (Stop once decided).",
  "keep-control": "svc completed this test once the variants were shown to do worse, as asked (Stop once decided).",
  "no-difference": "svc completed this test once no difference as large as the minimum detectable effect remained possible, as asked (Stop once decided).",
};

export function ScheduleCard({ testId, schedule }: { testId: string; schedule: ScheduleState }) {
  const toast = useToast();
  const saver = useFetcher<ScheduleAnswer>();
  const [startAt, setStartAt] = useState(schedule.startAt);
  const [endAt, setEndAt] = useState(schedule.endAt);
  const [stop, setStop] = useState(schedule.stopWhenDecided);
  const [flicker, setFlicker] = useState(schedule.pauseOnFlicker);
  useEffect(() => {
    if (saver.state === "idle" && saver.data && "saved" in saver.data) toast("Schedule saved");
  }, [saver.state, saver.data, toast]);
  const errors = saver.data && "fieldErrors" in saver.data ? saver.data.fieldErrors : {};
  const refused = saver.data && "title" in saver.data ? saver.data.title : null;

  if (!schedule.canSetEnd) {
    return schedule.endedBy && ENDED_BY[schedule.endedBy] ? (
      <Card>
        <Text as="p">{ENDED_BY[schedule.endedBy]}</Text>
      </Card>
    ) : null;
  }
  const zone = schedule.timeZone;
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Schedule
          </Text>
          <Text as="p" tone="subdued">
            {`Times are in the shop's time zone (${zone}). svc starts and completes the test within a minute of them; leave a field empty to do it yourself.`}
          </Text>
        </BlockStack>
        {refused && <Banner tone="critical" title={refused} />}
        <InlineStack gap="400" wrap>
          {schedule.canSetStart && (
            <TextField label="Start at" type="datetime-local" name="startAt" value={startAt} onChange={setStartAt} error={errors.startAt} autoComplete="off" />
          )}
          <TextField label="End at" type="datetime-local" name="endAt" value={endAt} onChange={setEndAt} error={errors.endAt} autoComplete="off" />
        </InlineStack>
        <Checkbox
          label="Stop once decided"
          helpText="Complete the test by itself when the decision at the top is reached (ship, keep the original, or no difference as large as the minimum detectable effect), record it, and email the owner. Never on a sample ratio mismatch."
          checked={stop}
          onChange={setStop}
        />
        <Checkbox
          label="Pause if a variant keeps the page blank"
          helpText="Pause the test by itself when a variant's content stays hidden 500 ms or more at the median over at least 100 exposures (see Flicker cost), and email the owner."
          checked={flicker}
          onChange={setFlicker}
        />
        <InlineStack>
          <Button
            loading={saver.state !== "idle"}
            onClick={() => saver.submit({ startAt, endAt, ...(stop && { stopWhenDecided: "on" }), ...(flicker && { pauseOnFlicker: "on" }) }, { method: "post", action: `/app/tests/${testId}/schedule` })}
          >
            Save schedule
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
