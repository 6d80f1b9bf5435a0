import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  it("takes the TCP peer unless a trusted proxy forwarded the client's address", () => {
    expect(clientAddress("203.0.113.7", "10.0.0.1", false)).toBe("10.0.0.1");
    expect(clientAddress("203.0.113.7", "10.0.0.1", true)).toBe("203.0.113.7");
  });

  it("takes the rightmost entry our proxy wrote, never what the client put on the left", () => {
    // The client sent "X-Forwarded-For: 198.51.100.1"; our proxy appended the address it saw.
    expect(clientAddress("198.51.100.1, 203.0.113.7", "10.0.0.1", true)).toBe("203.0.113.7");
    expect(clientAddress(["198.51.100.1", "203.0.113.7"], "10.0.0.1", true)).toBe("203.0.113.7");
    expect(clientAddress("1.1.1.1, 8.8.8.8, 203.0.113.7", "10.0.0.1", true)).toBe("203.0.113.7");
  });

  it("skips our own hops (private, loopback, link-local, shared ranges) from the right", () => {
    expect(clientAddress("198.51.100.1, 203.0.113.7, 10.0.0.5, 172.16.3.4", "10.0.0.1", true)).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7, 100.64.0.9, fd00::2, 127.0.0.1", "10.0.0.1", true)).toBe("203.0.113.7");
    expect(clientAddress("[2001:db8::7]:443, 192.168.0.2", "10.0.0.1", true)).toBe("2001:db8::7");
    expect(clientAddress("203.0.113.7:5000, ::ffff:10.1.2.3", "10.0.0.1", true)).toBe("203.0.113.7");
  });

  it("takes the leftmost when every entry is private (the client is on a private network)", () => {
    expect(clientAddress("192.168.1.20, 10.0.0.5", "10.0.0.1", true)).toBe("192.168.1.20");
  });

  it("falls back to the peer when the header is missing, blank or not addresses", () => {
    expect(clientAddress(undefined, "10.0.0.1", true)).toBe("10.0.0.1");
    expect(clientAddress(" , ", "10.0.0.1", true)).toBe("10.0.0.1");
    expect(clientAddress("203.0.113.7, unknown", "10.0.0.1", true)).toBe("10.0.0.1");
    expect(clientAddress("203.0.113.7, garbage, 10.0.0.5", "10.0.0.1", true)).toBe("10.0.0.5");
  });
});
