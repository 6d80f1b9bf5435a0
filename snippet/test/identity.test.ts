import { beforeEach, describe, expect, it } from "vitest";
import { SESSION_KEY, SESSION_TIMEOUT_MS } from "../../app/wire/limits";
import { saveSessionState, sessionState, touchSession, visitorId } from "../src/identity";

beforeEach(() => localStorage.clear());

describe("visitorId", () => {
  it("creates a random id once and keeps it", () => {
    const a = visitorId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorId()).toBe(a);
  });
  it("replaces a tampered id", () => {
    localStorage.setItem("svc_vid", "<script>");
    expect(visitorId()).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("touchSession", () => {
  it("keeps the session while active and renews it after 30 minutes idle", () => {
    const t0 = 1_000_000;
    const s1 = touchSession(t0);
    expect(localStorage.getItem(SESSION_KEY)).toBe(s1);
    expect(touchSession(t0 + SESSION_TIMEOUT_MS - 1)).toBe(s1);
    // Activity moved the clock: another 29 minutes later it is still the same session.
    expect(touchSession(t0 + 2 * SESSION_TIMEOUT_MS - 2)).toBe(s1);
    const s2 = touchSession(t0 + 3 * SESSION_TIMEOUT_MS);
    expect(s2).not.toBe(s1);
    expect(localStorage.getItem(SESSION_KEY)).toBe(s2);
  });
});

describe("sessionState", () => {
  it("belongs to one session", () => {
    saveSessionState({ sid: "s1", exposed: ["t1"], cart: true });
    expect(sessionState("s1")).toEqual({ sid: "s1", exposed: ["t1"], cart: true });
    expect(sessionState("s2")).toEqual({ sid: "s2", exposed: [] });
    localStorage.setItem("svc_ss", "not json");
    expect(sessionState("s1")).toEqual({ sid: "s1", exposed: [] });
  });
});
