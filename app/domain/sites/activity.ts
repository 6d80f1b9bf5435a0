// "Is it installed, is it firing?": when a site's tag (and, on Shopify, its web pixel) last reported, and
// when each goal its tests count last fired, in words a merchant reads before starting a test.

/** Reported within this long reads as working; older, the page says to check the install. */
export const FRESH_MS = 24 * 60 * 60 * 1000;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", or "never". */
export function sinceText(at: Date | null, now: Date): string {
  if (!at) return "never";
  const ms = Math.max(0, now.getTime() - at.getTime());
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (ms < 60_000) return "just now";
  if (ms < 3_600_000) return plural(Math.floor(ms / 60_000), "minute");
  if (ms < 86_400_000) return plural(Math.floor(ms / 3_600_000), "hour");
  return plural(Math.floor(ms / 86_400_000), "day");
}

export interface Signal {
  /** ISO time of the last report; null: never. */
  at: string | null;
  text: string;
  /** Reported within FRESH_MS. */
  fresh: boolean;
}

export interface GoalSignal extends Signal {
  label: string;
  /** The running and paused tests that count it: a draft counts nothing yet. */
  tests: string[];
  /** The drafts that will count it once started: listed apart, so a goal is not read as counted by them. */
  drafts: string[];
}

export interface SiteActivity {
  tag: Signal;
  /** Shopify storefronts only: the web pixel's last checkout report. */
  pixel: Signal | null;
  goals: GoalSignal[];
}

export interface ActivityInput {
  kind: "shopify" | "web";
  lastEventAt: Date | null;
  lastPixelAt: Date | null;
  /** Each goal of the site's draft, running and paused tests; `draft` when its test is a draft. */
  goals: ReadonlyArray<{ label: string; test: string; draft?: boolean; lastAt: Date | null }>;
}

const signal = (at: Date | null, now: Date): Signal => ({
  at: at?.toISOString() ?? null,
  text: sinceText(at, now),
  fresh: at !== null && now.getTime() - at.getTime() <= FRESH_MS,
});

/** The site's signals; goals by label (several tests may count one), those that never fired first. */
export function siteActivity(input: ActivityInput, now: Date): SiteActivity {
  const byLabel = new Map<string, { tests: string[]; drafts: string[]; lastAt: Date | null }>();
  for (const goal of input.goals) {
    const entry = byLabel.get(goal.label) ?? { tests: [], drafts: [], lastAt: goal.lastAt };
    const names = goal.draft ? entry.drafts : entry.tests;
    if (!names.includes(goal.test)) names.push(goal.test);
    byLabel.set(goal.label, entry);
  }
  const goals = [...byLabel].map(([label, { tests, drafts, lastAt }]) => ({ label, tests, drafts, ...signal(lastAt, now) }));
  goals.sort((a, b) => (a.at === null ? 0 : 1) - (b.at === null ? 0 : 1) || a.label.localeCompare(b.label));
  return { tag: signal(input.lastEventAt, now), pixel: input.kind === "shopify" ? signal(input.lastPixelAt, now) : null, goals };
}
