// Whether a request comes straight from this machine: the demo admin is served to nobody else.

export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4 === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

// A reverse proxy on the same machine makes every client look local; a forwarded request is not local.
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "cf-connecting-ip"];

export function isDirectLoopbackRequest(address: string | undefined | null, headers: Headers): boolean {
  return isLoopbackAddress(address) && FORWARDING_HEADERS.every((name) => !headers.has(name));
}
