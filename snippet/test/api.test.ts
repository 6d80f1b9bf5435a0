import { afterEach, describe, expect, it, vi } from "vitest";
import { publish, unpublish } from "../src/api";

const w = window as unknown as { svc?: unknown };
afterEach(() => {
  delete w.svc;
});

describe("publish", () => {
  it("creates a frozen window.svc whose functions return undefined and never throw", () => {
    const boom = () => {
      throw new Error("inside");
    };
    publish(boom, boom);
    const svc = w.svc as { convert: (...a: unknown[]) => unknown; exposure: (...a: unknown[]) => unknown };
    expect(Object.isFrozen(svc)).toBe(true);
    expect(svc.convert("g", 1)).toBeUndefined();
    expect(svc.exposure("t", "a")).toBeUndefined();
  });
  it("replays the stub's queue in order", () => {
    const q: unknown[] = [];
    w.svc = { q, convert: (...args: unknown[]) => q.push(args) };
    const stub = w.svc as { convert: (...a: unknown[]) => void };
    stub.convert("signup");
    stub.convert("purchase", 10);
    (w.svc as { q: unknown[] }).q.push(null, 42); // junk entries are skipped
    const convert = vi.fn();
    publish(convert, vi.fn());
    expect(convert.mock.calls).toEqual([
      ["signup", undefined],
      ["purchase", 10],
      [undefined, undefined],
    ]);
    expect(w.svc).not.toBe(stub);
  });
  it("leaves a foreign window.svc alone", () => {
    const foreign = { mine: true };
    w.svc = foreign;
    publish(vi.fn(), vi.fn());
    expect(w.svc).toBe(foreign);
    unpublish();
    expect(w.svc).toBe(foreign);
  });
  it("unpublish removes only our object", () => {
    publish(vi.fn(), vi.fn());
    unpublish();
    expect("svc" in window).toBe(false);
  });
});
