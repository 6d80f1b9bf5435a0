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

describe("one network, many addresses", () => {
  it("puts every address of a /24, and every /64 of a /48, in one network, and their neighbours in others", () => {
    const v4 = ["203.0.113.1", "203.0.113.254", "::ffff:203.0.113.77"].map(clientNetwork);
    expect(new Set(v4)).toEqual(new Set(["203.0.113.0/24"]));
    expect(clientNetwork("203.0.114.1")).not.toBe(v4[0]);
    const v6 = ["2001:db8:33:1::1", "2001:db8:33:2::1", "2001:db8:33:ffff:1:2:3:4"].map(clientNetwork);
    expect(new Set(v6)).toEqual(new Set(["2001:db8:33::/48"]));
    expect(clientNetwork("2001:db8:34:1::1")).not.toBe(v6[0]);
  });
});
