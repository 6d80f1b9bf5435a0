import { describe, expect, it } from "vitest";
import { isDirectLoopbackRequest, isLoopbackAddress } from "./loopback";

describe("loopback", () => {
  it.each(["127.0.0.1", "127.4.5.6", "::1", "::ffff:127.0.0.1"])("%s is loopback", (a) => {
    expect(isLoopbackAddress(a)).toBe(true);
  });
  it.each(["10.0.0.1", "192.168.1.2", "::ffff:10.0.0.1", "fe80::1", "1270.0.0.1", "", undefined, null])(
    "%s is not loopback",
    (a) => {
      expect(isLoopbackAddress(a)).toBe(false);
    },
  );
  it("treats a proxied request as remote even on a loopback socket", () => {
    expect(isDirectLoopbackRequest("127.0.0.1", new Headers())).toBe(true);
    expect(isDirectLoopbackRequest("127.0.0.1", new Headers({ "X-Forwarded-For": "203.0.113.9" }))).toBe(false);
    expect(isDirectLoopbackRequest("127.0.0.1", new Headers({ Forwarded: "for=203.0.113.9" }))).toBe(false);
  });
});
