// The client's IP address: the TCP peer, or the first X-Forwarded-For entry behind a trusted proxy.

/** `forwardedFor` is the X-Forwarded-For header as received; it is believed only when `trustProxy`. */
export function clientAddress(forwardedFor: string | string[] | undefined, peer: string | undefined, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
    const first = header?.split(",")[0]?.trim();
    if (first) return first;
  }
  return peer;
}
