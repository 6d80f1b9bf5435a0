// The network a client address belongs to (IPv4 /24, IPv6 /48): the unit of the misuse monitor's
// "distinct networks" and of the per-network rate limits, so that one holder of many addresses counts once.

/**
 * The network a client address belongs to, the unit "distinct networks" counts: an IPv4 /24, an IPv6 /48
 * (an IPv4-mapped IPv6 address is its IPv4 address). Null for anything else (no address, a name).
 */
export function clientNetwork(address: string | null | undefined): string | null {
  if (!address) return null;
  const text = address.trim().toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const parts = v4.slice(1).map(Number);
    return parts.every((n) => n <= 255) ? `${parts[0]}.${parts[1]}.${parts[2]}.0/24` : null;
  }
  const bare = text.replace(/%.*$/, "");
  if (!/^[0-9a-f:]+$/.test(bare) || !bare.includes(":")) return null;
  const halves = bare.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill("0"), ...tail];
  if (groups.some((g) => g.length === 0 || g.length > 4)) return null;
  return `${groups.slice(0, 3).map((g) => parseInt(g, 16).toString(16)).join(":")}::/48`;
}
