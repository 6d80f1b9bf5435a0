import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network";

describe("clientNetwork", () => {
  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["::ffff:203.0.113.7", "203.0.113.0/24"],
    ["2001:db8:abcd:12::1", "2001:db8:abcd::/48"],
    ["2001:0db8:00ab::", "2001:db8:ab::/48"],
    ["::1", "0:0:0::/48"],
    ["fe80::1%eth0", "fe80:0:0::/48"],
    ["256.1.1.1", null],
    ["1:2:3:4:5:6:7:8:9", null],
    ["1::2::3", null],
    ["example.com", null],
    ["", null],
    [undefined, null],
  ])("%s → %s", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});
