// What the tests list says of a test at a glance besides its status: what its schedule will do next, and
// whether it keeps serving its winner, in the shop's time zone.

export interface GlanceInput {
  status: string;
  scheduledStartAt: Date | null;
  scheduledEndAt: Date | null;
  stopWhenDecided: boolean;
  servingWinner: boolean;
  /** The shop's IANA zone; the times are shown there, as the Schedule card shows them. */
  timeZone: string;
}

/** "Nov 27, 9:00 AM" in `timeZone`; an unknown zone falls back to UTC rather than failing the list. */
export function shortTime(at: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(at);
  } catch {
    return `${new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(at)} UTC`;
  }
}

/**
 * Short labels, most pressing first. Only what still applies is said: a start only on a draft (it is cleared
 * once the test starts), an end and the stop once decided only until the test has ended.
 */
export function testGlance(test: GlanceInput): string[] {
  const labels: string[] = [];
  const live = test.status === "running" || test.status === "paused";
  if (test.status === "draft" && test.scheduledStartAt) labels.push(`Starts ${shortTime(test.scheduledStartAt, test.timeZone)}`);
  if ((live || test.status === "draft") && test.scheduledEndAt) labels.push(`Ends ${shortTime(test.scheduledEndAt, test.timeZone)}`);
  if ((live || test.status === "draft") && test.stopWhenDecided) labels.push("Stops once decided");
  if (test.status === "completed" && test.servingWinner) labels.push("Serving the winner");
  return labels;
}
