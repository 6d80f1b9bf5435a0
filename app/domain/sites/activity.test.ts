import { describe, expect, it } from "vitest";
import { FRESH_MS, siteActivity, sinceText } from "./activity";

const NOW = new Date("2026-11-26T12:00:00Z");
const before = (ms: number) => new Date(NOW.getTime() - ms);

describe("sinceText", () => {
  it.each([
    [null, "never"],
    [before(10_000), "just now"],
    [before(60_000), "1 minute ago"],
    [before(59 * 60_000), "59 minutes ago"],
    [before(3 * 3_600_000), "3 hours ago"],
    [before(86_400_000), "1 day ago"],
    [before(9 * 86_400_000), "9 days ago"],
    // A clock a little ahead of ours is "just now", never "in the future".
    [new Date(NOW.getTime() + 5_000), "just now"],
  ])("%s reads %s", (at, text) => {
    expect(sinceText(at, NOW)).toBe(text);
  });
});

describe("siteActivity", () => {
  it("says when the tag and the pixel last reported, fresh within a day", () => {
    const shopify = siteActivity({ kind: "shopify", lastEventAt: before(120_000), lastPixelAt: before(FRESH_MS + 1), goals: [] }, NOW);
    expect(shopify.tag).toEqual({ at: before(120_000).toISOString(), text: "2 minutes ago", fresh: true });
    expect(shopify.pixel).toMatchObject({ text: "1 day ago", fresh: false });
    expect(siteActivity({ kind: "web", lastEventAt: null, lastPixelAt: null, goals: [] }, NOW)).toEqual({
      tag: { at: null, text: "never", fresh: false },
      pixel: null,
      goals: [],
    });
  });
  it("lists each goal once with the tests that count it, the ones that never fired first", () => {
    const activity = siteActivity(
      {
        kind: "web",
        lastEventAt: NOW,
        lastPixelAt: null,
        goals: [
          { label: "signup", test: "Hero", lastAt: before(3_600_000) },
          { label: "signup", test: "Footer", lastAt: before(3_600_000) },
          { label: "demo-request", test: "Hero", lastAt: null },
        ],
      },
      NOW,
    );
    expect(activity.goals).toEqual([
      { label: "demo-request", tests: ["Hero"], drafts: [], at: null, text: "never", fresh: false },
      { label: "signup", tests: ["Hero", "Footer"], drafts: [], at: before(3_600_000).toISOString(), text: "1 hour ago", fresh: true },
    ]);
  });
  it("lists a draft that will count a goal apart from the tests that count it", () => {
    const activity = siteActivity(
      {
        kind: "web",
        lastEventAt: NOW,
        lastPixelAt: null,
        goals: [
          { label: "signup", test: "Hero", draft: false, lastAt: null },
          { label: "signup", test: "Next idea", draft: true, lastAt: null },
          { label: "newsletter", test: "Next idea", draft: true, lastAt: null },
        ],
      },
      NOW,
    );
    expect(activity.goals.map((g) => [g.label, g.tests, g.drafts])).toEqual([
      ["newsletter", [], ["Next idea"]],
      ["signup", ["Hero"], ["Next idea"]],
    ]);
  });
});
