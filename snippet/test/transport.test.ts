import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventBatch, SvcEvent } from "../../app/wire/events";
import { createTransport } from "../src/transport";
import { FLUSH_AT_EVENTS, FLUSH_DELAY_MS } from "../src/timing";

const header = () => ({ v: 1 as const, site: "s", vid: "v", sid: "x" });
let n = 0;
const ev = (): SvcEvent => ({ id: `e${++n}`, ts: 1, path: "/", type: "pageview" });

let fetchMock: ReturnType<typeof vi.fn>;
let beacon: ReturnType<typeof vi.fn>;
const bodies = () => fetchMock.mock.calls.map((c) => JSON.parse((c[1] as RequestInit).body as string) as EventBatch);

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
  beacon = vi.fn(() => true);
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("createTransport", () => {
  it("sends after the flush delay, as a text/plain JSON batch without credentials", async () => {
    const t = createTransport("https://svc.example/api/events", header);
    t.push(ev());
    t.push(ev());
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("https://svc.example/api/events");
    expect(init).toMatchObject({ method: "POST", keepalive: true, credentials: "omit" });
    expect(typeof init.body).toBe("string"); // a string body goes as text/plain: no CORS preflight
    expect(bodies()[0]).toMatchObject({ v: 1, site: "s", vid: "v", sid: "x", events: [{ type: "pageview" }, { type: "pageview" }] });
    expect(typeof bodies()[0]!.sent).toBe("number");
  });
  it("sends at once when the size threshold is reached", () => {
    const t = createTransport("/e", header);
    for (let i = 0; i < FLUSH_AT_EVENTS; i++) t.push(ev());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(bodies()[0]!.events).toHaveLength(FLUSH_AT_EVENTS);
  });
  it("uses sendBeacon when the page is hidden", () => {
    const t = createTransport("/e", header);
    t.push(ev());
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(JSON.parse(beacon.mock.calls[0]![1] as string).events).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
  it("falls back to fetch keepalive when sendBeacon refuses", () => {
    beacon.mockReturnValue(false);
    const t = createTransport("/e", header);
    t.push(ev());
    t.flush(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it("drops a batch answered 429, without retrying", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 429 }));
    const t = createTransport("/e", header);
    t.push(ev());
    await vi.runAllTimersAsync();
    await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it("retries a failed batch once, then drops it", async () => {
    fetchMock.mockRejectedValue(new TypeError("network"));
    const t = createTransport("/e", header);
    t.push(ev());
    for (let i = 0; i < 5; i++) await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(bodies()[1]!.events[0]!.id).toBe(bodies()[0]!.events[0]!.id); // same id: the server dedupes
  });
  it("retries a 5xx once", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 503 }));
    const t = createTransport("/e", header);
    t.push(ev());
    for (let i = 0; i < 5; i++) await vi.runAllTimersAsync();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
  it("never throws when fetch is missing, and sends nothing after stop", async () => {
    vi.stubGlobal("fetch", undefined);
    const t = createTransport("/e", header);
    t.push(ev());
    expect(() => t.flush()).not.toThrow();
    vi.stubGlobal("fetch", fetchMock);
    t.stop();
    t.push(ev());
    await vi.runAllTimersAsync();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
