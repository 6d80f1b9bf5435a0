// Leaving the team's own visits out of tests: each admin request notes the address it came from (at most
// once per address and process every few minutes), and a new address makes the shop's sites reload, so the
// storefront answers it as if svc were not installed (patches.server.ts).
import { noteStaffAddress, sitePublicIdsOfShop } from "~/models/shops/staff-address.server";
import { invalidateSite } from "~/services/site-cache.server";

const NOTE_EVERY_MS = 5 * 60_000;
const MAX_REMEMBERED = 10_000;
const noted = new Map<string, number>();

/** Notes the admin's address for the shop; never throws (a failure only delays the exclusion). */
export async function noteStaffVisit(shopDomain: string, address: string | undefined, now = new Date()): Promise<void> {
  if (!address) return;
  const key = `${shopDomain} ${address}`;
  const last = noted.get(key);
  if (last !== undefined && now.getTime() - last < NOTE_EVERY_MS) return;
  noted.set(key, now.getTime());
  if (noted.size > MAX_REMEMBERED) noted.delete(noted.keys().next().value as string);
  try {
    const result = await noteStaffAddress(shopDomain, address, now);
    if (result?.isNew) for (const id of result.publicIds) invalidateSite(id);
  } catch (error) {
    noted.delete(key);
    console.error(`[svc] the admin's address for ${shopDomain} was not noted: ${(error as Error).message}`);
  }
}

/** Every site of the shop reloads its configuration (after the switch changed). */
export async function invalidateSitesOfShop(shopDomain: string): Promise<void> {
  for (const id of await sitePublicIdsOfShop(shopDomain)) invalidateSite(id);
  // The switch changed: the next admin request notes its address again at once.
  for (const key of noted.keys()) if (key.startsWith(`${shopDomain} `)) noted.delete(key);
}
