import { describe, expect, it } from "vitest";
import { NETWORK_BUCKET_LENGTH, networkBucket } from "./network-bucket";

describe("networkBucket", () => {
  it("puts every address of one IPv4 /24 in one bucket, and the next /24 in another", () => {
    const a = networkBucket("203.0.113.7", "k");
    expect(a).toHaveLength(NETWORK_BUCKET_LENGTH);
    expect(networkBucket("203.0.113.250", "k")).toBe(a);
    expect(networkBucket("::ffff:203.0.113.9", "k")).toBe(a);
    expect(networkBucket("203.0.114.7", "k")).not.toBe(a);
  });

  it("puts every address of one IPv6 /48 in one bucket, whatever its /64", () => {
    const a = networkBucket("2001:db8:1:1::1", "k");
    expect(networkBucket("2001:db8:1:ffff:abcd::2", "k")).toBe(a);
    expect(networkBucket("2001:db8:2::1", "k")).not.toBe(a);
  });

  it("depends on the key, so the /24s cannot be hashed one by one without it", () => {
    expect(networkBucket("203.0.113.7", "k")).not.toBe(networkBucket("203.0.113.7", "other"));
  });

  it("never holds the address and is null without a usable one", () => {
    expect(networkBucket("203.0.113.7", "k")).not.toContain("203");
    expect(networkBucket(undefined, "k")).toBeNull();
    expect(networkBucket("not an address", "k")).toBeNull();
  });
});
