import { describe, expect, it } from "vitest";
import { privacySignal } from "../src/privacy";

describe("privacySignal", () => {
  it("is off with no signal", () => {
    expect(privacySignal({}, {})).toBe(false);
    expect(privacySignal({ globalPrivacyControl: false, doNotTrack: "0" }, { doNotTrack: "unspecified" })).toBe(false);
  });
  it.each([
    [{ globalPrivacyControl: true }, {}],
    [{ globalPrivacyControl: "1" }, {}],
    [{ doNotTrack: "1" }, {}],
    [{ doNotTrack: "yes" }, {}],
    [{}, { doNotTrack: "1" }],
  ])("honours %j %j", (nav, win) => {
    expect(privacySignal(nav, win)).toBe(true);
  });
});
