// The visitor's country from an offline GeoIP database shipped through npm (no network lookups).
import { createRequire } from "node:module";
import maxmind, { type Reader, type Response as MmdbRecord } from "maxmind";

interface CountryRecord {
  country_code?: string;
}

let reader: Promise<Reader<MmdbRecord> | null> | undefined;

function open(): Promise<Reader<MmdbRecord> | null> {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb");
  return maxmind.open<MmdbRecord>(file).catch((error: unknown) => {
    console.error(`[svc] GeoIP database unavailable, every visitor counts as unknown: ${(error as Error).message}`);
    return null;
  });
}

/** Two-letter country code, or null when the address is private, unknown or not an IP. */
export async function countryOfAddress(address: string | undefined): Promise<string | null> {
  if (!address) return null;
  const ip = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (!maxmind.validate(ip)) return null;
  reader ??= open();
  const db = await reader;
  // This database's records carry only the country code, not the MaxMind City/Country shape.
  return (db?.get(ip) as CountryRecord | null | undefined)?.country_code ?? null;
}
