import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address";

describe("clientAddress", () => {
  it("takes the TCP peer unless a trusted proxy forwarded the client's address", () => {
    expect(clientAddress("203.0.113.7", "10.0.0.1", false)).toBe("10.0.0.1");
    expect(clientAddress("203.0.113.7, 10.0.0.2", "10.0.0.1", true)).toBe("203.0.113.7");
    expect(clientAddress(["198.51.100.1", "203.0.113.7"], "10.0.0.1", true)).toBe("198.51.100.1");
  });

  it("falls back to the peer when the header is missing or blank", () => {
    expect(clientAddress(undefined, "10.0.0.1", true)).toBe("10.0.0.1");
    expect(clientAddress(" , x", "10.0.0.1", true)).toBe("10.0.0.1");
  });
});
