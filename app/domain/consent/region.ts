// Whether a visitor's country needs consent before the snippet collects anything (spec guarantee 5).

/**
 * EEA (the 27 EU states plus Iceland, Liechtenstein and Norway), the United Kingdom and Switzerland:
 * the regions whose ePrivacy / data-protection rules require consent before non-essential storage.
 * ISO 3166-1 alpha-2, so Greece is "GR" (the EU's own "EL" is not an ISO code).
 */
export const DEFAULT_CONSENT_COUNTRIES: readonly string[] = Object.freeze([
  // EU 27
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU", "IE", "IT",
  "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
  // Rest of the EEA
  "IS", "LI", "NO",
  // Equivalent rules outside the EEA
  "GB", "CH",
]);

/**
 * Letter-only values that CDNs and geo-IP databases use for "no country": "XX" (unknown), "ZZ"
 * (unknown or reserved), and the legacy MaxMind region codes "EU" and "AP". Codes with digits
 * ("T1" for Tor, "A1", "A2", "O1") already fail the letters-only rule.
 */
const PLACEHOLDERS = new Set(["XX", "ZZ", "EU", "AP"]);

/** A real ISO 3166-1 alpha-2 shape in upper case, or null for anything else (including placeholders). */
export function normalizeCountry(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !PLACEHOLDERS.has(code) ? code : null;
}

/**
 * `siteCountries` replaces the default list when it holds at least one valid code. An unknown
 * country (no geo data, a VPN, Tor, a placeholder) requires consent: the visitor may well be in a
 * consent region, and asking someone who did not need asking costs far less than collecting from
 * someone who did, so the service errs on the side of privacy.
 */
export function consentRequired(country: string | null, siteCountries: readonly string[]): boolean {
  const code = normalizeCountry(country);
  if (code === null) return true;
  const own = siteCountries.map(normalizeCountry).filter((c) => c !== null);
  return (own.length > 0 ? own : DEFAULT_CONSENT_COUNTRIES).includes(code);
}
