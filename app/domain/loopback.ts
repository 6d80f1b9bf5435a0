// Whether a request comes straight from this machine: the demo admin, and the demo's webhooks (signed with a
// well-known secret when it runs without credentials), are served to nobody else.

export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * A reverse proxy or tunnel on the same machine makes every client look local: a request carrying any
 * header a proxy adds to name the client, the original host or itself is not local. Any `X-Forwarded-*`
 * counts too.
 */
export const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-real-ip",
  "x-client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
  "x-cluster-client-ip",
  "client-ip",
  "forwarded-for",
  "x-original-forwarded-for",
  "via",
];

/**
 * Whether a Host header names this machine: `localhost` or a loopback address, with an optional port.
 * Any other name, even one that resolves to 127.0.0.1, is what a DNS-rebinding page sends.
 */
export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]]+))(?::\d{1,5})?$/i.exec(host.trim());
  const name = match?.[1] ?? match?.[2]?.toLowerCase();
  return name === "localhost" || isLoopbackAddress(name);
}

/** A request from a loopback peer, to a loopback Host, through no proxy. */
export function isDirectLoopbackRequest(address: string | undefined | null, headers: Headers): boolean {
  if (!isLoopbackAddress(address) || !isLoopbackHost(headers.get("host"))) return false;
  for (const [name] of headers) if (name.startsWith("x-forwarded-") || FORWARDING_HEADERS.includes(name)) return false;
  return true;
}
