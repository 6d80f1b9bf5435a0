// The client's IP address: the TCP peer, or, behind a trusted reverse proxy, the rightmost X-Forwarded-For
// entry that is not one of our own hops.
//
// Each proxy appends the address it received the request from, so the entries on the right were written by
// our proxies and everything to their left may have been sent by the client itself. Reading from the right,
// entries in private, loopback, link-local or shared (CGNAT) ranges are our own load balancers and are
// skipped; the first other entry is the client. When every entry is private the client is on a private
// network too, and the leftmost is taken. An entry that is not an address (a misconfigured proxy) ends the
// walk: the peer is answered.
import { isIP } from "node:net";

/** `forwardedFor` is the X-Forwarded-For header (or its lines) as received; it is believed only when `trustProxy`. */
export function clientAddress(forwardedFor: string | string[] | undefined, peer: string | undefined, trustProxy: boolean): string | undefined {
  if (!trustProxy || forwardedFor === undefined) return peer;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  let innermost: string | undefined;
  for (let i = entries.length - 1; i >= 0; i--) {
    const address = bareAddress(entries[i] ?? "");
    if (!address) return innermost ?? peer;
    if (!isInternal(address)) return address;
    innermost = address;
  }
  return innermost ?? peer;
}

/** The address of an entry, without brackets or a port ("[2001:db8::1]:443", "203.0.113.7:5000"); null if none. */
function bareAddress(entry: string): string | null {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  const candidate = bracketed?.[1] ?? (/^[\d.]+:\d+$/.test(entry) ? entry.slice(0, entry.lastIndexOf(":")) : entry);
  return isIP(candidate) ? candidate.toLowerCase() : null;
}

/** Loopback, private, link-local and shared (100.64/10) ranges: where our own proxies live. */
function isInternal(address: string): boolean {
  const v4 = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split(".").map(Number);
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  return v4 === "::1" || /^f[cd]/.test(v4) || /^fe[89ab]/.test(v4);
}
