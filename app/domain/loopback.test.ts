import { describe, expect, it } from "vitest";
import { FORWARDING_HEADERS, isDirectLoopbackRequest, isLoopbackAddress, isLoopbackHost } from "./loopback";

const local = (headers: Record<string, string> = {}) => new Headers({ Host: "localhost:3000", ...headers });

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

  it.each(["localhost", "LOCALHOST:3000", "127.0.0.1", "127.0.0.1:80", "[::1]", "[::1]:3000"])("Host %s names this machine", (h) => {
    expect(isLoopbackHost(h)).toBe(true);
  });
  it.each(["evil.example", "evil.example:3000", "localhost.evil.example", "127.0.0.1.nip.io", "[::2]", "10.0.0.1", "", null, "localhost:x"])(
    "Host %s does not",
    (h) => {
      expect(isLoopbackHost(h)).toBe(false);
    },
  );

  it("treats a proxied request as remote even on a loopback socket", () => {
    expect(isDirectLoopbackRequest("127.0.0.1", local())).toBe(true);
    for (const name of [...FORWARDING_HEADERS, "x-forwarded-port", "X-Forwarded-Server"]) {
      expect(isDirectLoopbackRequest("127.0.0.1", local({ [name]: "203.0.113.9" })), name).toBe(false);
    }
  });

  it("treats a rebinding-shaped request (a loopback peer, a foreign Host) as remote", () => {
    expect(isDirectLoopbackRequest("127.0.0.1", new Headers({ Host: "attacker.example:3000" }))).toBe(false);
    expect(isDirectLoopbackRequest("127.0.0.1", new Headers())).toBe(false);
    expect(isDirectLoopbackRequest("10.0.0.7", local())).toBe(false);
  });
});
