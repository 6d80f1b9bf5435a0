// The shared rate-limit cases (rate-limit.cases.json) as typed, expanded sequences of takes.
import type { RateLimitDecision, RateLimitRule } from "./rate-limit";
import cases from "./rate-limit.cases.json";

export interface RateLimitTake extends RateLimitDecision {
  /** Milliseconds on the bucket's clock. */
  at: number;
  key: string;
}

export interface RateLimitCase {
  name: string;
  rule: RateLimitRule;
  takes: RateLimitTake[];
}

export const RATE_LIMIT_CASES: RateLimitCase[] = cases.cases.map((c) => ({
  name: c.name,
  rule: c.rule,
  takes: [
    ...("repeat" in c && c.repeat
      ? Array.from({ length: c.repeat.count }, () => ({ at: c.repeat.at, key: c.repeat.key, allowed: c.repeat.allowed, retryAfterSeconds: c.repeat.retryAfterSeconds }))
      : []),
    ...c.takes,
  ],
}));
