// Types of pageview.mjs, for the bench's smoke test (the bench itself is plain JavaScript run by node).
import type { Browser } from "playwright-core";
import type { PageviewFigures } from "./sampler.mjs";

export interface PageKind {
  url(arm: string): string;
  targets: Array<{ sel: string; text?: string; prop?: string; value?: string }>;
  ready: "svc" | "growthbook" | "none";
  /** URL prefixes of the tester's scripts, whose main-thread time is counted. */
  scripts: string[];
  storage(arm: string): Record<string, string>;
  cookie?: { name: string; value: string; url: string };
  /**
   * False: no CPU profile (tester JS is null). The first-paint comparisons (untested pages and their no-tester
   * baselines) run without it: sampling every 100 µs slows any script enough to move the first paint.
   */
  profile?: boolean;
}
export type MeasuredPageview = PageviewFigures & { scriptMs: number | null };
export const MAX_MS: number;
export const PROFILE_INTERVAL_US: number;
export function launchBrowser(): Promise<Browser>;
export function coldAndWarm(browser: Browser, kind: PageKind, arm: string, latency: number): Promise<{ cold: MeasuredPageview; warm: MeasuredPageview }>;
