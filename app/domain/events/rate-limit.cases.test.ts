import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit";
import { RATE_LIMIT_CASES } from "./rate-limit.cases";

describe("the shared rate-limit cases through RateLimiter", () => {
  it("expand repeats ahead of the listed takes", () => {
    const visitor = RATE_LIMIT_CASES.find((c) => c.name.startsWith("the visitor rule"));
    expect(visitor?.takes).toHaveLength(64);
  });

  it.each(RATE_LIMIT_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    let now = 0;
    const limiter = new RateLimiter(c.rule, { now: () => now });
    const decisions = c.takes.map((take) => {
      now = take.at;
      return limiter.take(take.key);
    });
    expect(decisions).toEqual(c.takes.map(({ allowed, retryAfterSeconds }) => ({ allowed, retryAfterSeconds })));
  });
});
