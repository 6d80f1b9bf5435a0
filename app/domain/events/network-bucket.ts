// A visitor's coarse network as svc keeps it beside their events: a keyed hash of the client's IPv4 /24 or
// IPv6 /48, never the address and never shown. It is what the robust view counts distinct networks by and
// sets outsized networks aside by (app/domain/results/robust-view.ts).
import { createHmac } from "node:crypto";
import { clientNetwork } from "./exposure-integrity";

/** Characters kept of the keyed hash (base64url): 96 bits, far from colliding among a test's networks. */
export const NETWORK_BUCKET_LENGTH = 16;

/**
 * The bucket of `address`'s network under `key`; null without a usable address. Keyed so that the 2²⁴
 * IPv4 /24s cannot be hashed one by one to undo it from a database copy.
 */
export function networkBucket(address: string | null | undefined, key: Buffer | string): string | null {
  const network = clientNetwork(address);
  if (network === null) return null;
  return createHmac("sha256", key).update(network).digest("base64url").slice(0, NETWORK_BUCKET_LENGTH);
}
