import { describe, expect, it } from "vitest";
import { scriptMs, summarize, type Change, type Trace } from "./sampler.mjs";

const trace = (changes: Change[], over: Partial<Trace> = {}): Trace => ({
  end: 1000,
  changes,
  frames: 60,
  shifts: [],
  paints: { "first-paint": 100, "first-contentful-paint": 100 },
  ready: true,
  doc: { requestStart: 1, responseStart: 20, load: 300 },
  ...over,
});

describe("summarize", () => {
  it("counts a variant pageview that painted the original as flashed, and the variant from when it showed", () => {
    const figures = summarize(trace([{ t: 90, s: "ooo", a: 0 }, { t: 400, s: "vvv", a: 0 }]), "variant");
    expect(figures.flashed).toBe(true);
    expect(figures.msToFinal).toBe(400);
    expect(figures.hiddenMs).toBe(0);
  });

  it("ignores states sampled before the frame that was first painted", () => {
    // The original at 40 ms was replaced at 95 ms, before the first paint at 100 ms: never seen.
    const figures = summarize(trace([{ t: 40, s: "ooo", a: 0 }, { t: 95, s: "vvv", a: 0 }]), "variant");
    expect(figures.flashed).toBe(false);
    expect(figures.msToFinal).toBe(100);
  });

  it("counts hidden time from the first paint until the elements show, and hiding anywhere on the page", () => {
    const figures = summarize(trace([{ t: 50, s: "hhx", a: 2 }, { t: 250, s: "vvv", a: 0 }]), "variant");
    expect(figures.flashed).toBe(false);
    expect(figures.hiddenMs).toBe(150);
    expect(figures.anyHiddenMs).toBe(150);
    expect(figures.msToFinal).toBe(250);
  });

  it("leaves msToFinal empty when the final arm never showed, and a control pageview never flashes", () => {
    expect(summarize(trace([{ t: 90, s: "ooo", a: 0 }]), "variant").msToFinal).toBeNull();
    const control = summarize(trace([{ t: 90, s: "ooo", a: 0 }]), "control");
    expect(control.flashed).toBe(false);
    expect(control.msToFinal).toBe(100);
  });

  it("adds up layout shifts", () => {
    const figures = summarize(trace([{ t: 90, s: "v", a: 0 }], { shifts: [{ t: 120, value: 0.01 }, { t: 300, value: 0.002 }] }), "variant");
    expect(figures.cls).toBeCloseTo(0.012);
  });
});

describe("scriptMs", () => {
  it("adds the samples that fell in the given scripts' functions", () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: { url: "" } },
        { id: 2, callFrame: { url: "http://svc/snippet.js" } },
        { id: 3, callFrame: { url: "http://page/" } },
      ],
      samples: [1, 2, 2, 3, 2],
      timeDeltas: [0, 100, 200, 300, 400],
    };
    // Samples 1 and 2 are in snippet.js, for the deltas to their next samples (200 and 300 µs); the last has none.
    expect(scriptMs(profile, ["http://svc/snippet.js"])).toBeCloseTo(0.5);
    expect(scriptMs(profile, [])).toBeNull();
  });
});
