// What the hot paths need to know about a site and its running tests, held in memory per site.
import type { Audience } from "~/wire/rules/audience";
import type { AttributionTest } from "../events/attribution";
import type { GroupSlice } from "~/wire/rules/traffic-split";

export interface ArmConfig {
  id: string;
  key: string;
  weight: number;
  /** The arm's patches as stored (validated against the wire shape before they are served). */
  patches: unknown;
  redirectUrl: string | null;
}

export interface GoalConfig {
  label: string;
  kind: "custom" | "url" | "click" | "submit" | "purchase" | "product_viewed" | "added_to_cart" | "checkout_started";
  selector: string | null;
  urlPattern: string | null;
}

export interface RunningTest {
  id: string;
  /** Path patterns the test runs on (any matches): matchesAnyPath in app/wire/rules/targeting.ts. */
  pages: string[];
  trafficPercent: number;
  /** Who may enter it (app/wire/rules/audience.ts), every rule holding; empty or absent: every visitor. */
  audience?: Audience;
  arms: ArmConfig[];
  goals: GoalConfig[];
  /** Each visitor's revenue counts up to this (site currency), fixed at the test's start; null or absent: not capped. */
  revenueCap?: number | null;
  /** Its slice of a mutually exclusive group (app/wire/rules/traffic-split.ts); null or absent: none. */
  group?: GroupSlice | null;
}

/**
 * The store-wide holdout while it is on: `percent` of visitors see no test and no served winner. Both sides
 * are measured as the two arms ("holdout", "rest") of a pseudo-test whose id is `runId`, a test no table
 * holds (docs/traffic.md).
 */
export interface HoldoutConfig {
  runId: string;
  percent: number;
  since: Date;
}

export interface SiteConfig {
  id: string;
  publicId: string;
  kind: "shopify" | "web";
  status: "active" | "paused";
  currency: string;
  /** A web site's own origin (https://www.example.com); null for Shopify sites and sites without one. */
  domain: string | null;
  allowedOrigins: string[];
  consentCountries: string[];
  /**
   * Goal labels the site counts from its server only (POST /api/conversions): the browser doors refuse
   * them (app/domain/events/money-source.ts). Absent: none.
   */
  serverGoals?: string[];
  shopId: string;
  shopDomain: string;
  /** Addresses the shop's admin was opened from, when it leaves its team's visits out of tests: served nothing. */
  staffAddresses?: string[];
  /** Whether the shop leaves its team's visits out (then only the server, which sees the address, may assign). */
  excludeStaff?: boolean;
  /** Running tests only; empty while the site is paused. */
  tests: RunningTest[];
  /**
   * Completed tests still serving their winner to every visitor, unmeasured ("ship the winner"), each with
   * that arm alone; empty or absent while the site is paused.
   */
  served?: ServedWinner[];
  /** Null or absent: no holdout, or the site is paused (then nothing is served, the holdout included). */
  holdout?: HoldoutConfig | null;
  /**
   * Every test a conversion may still count for (app/domain/events/attribution.ts): started, and not
   * ended more than ATTRIBUTION_WINDOW_MS ago; running and paused ones included, whatever the site's status.
   */
  attributionTests: AttributionTestConfig[];
}

export interface ServedWinner {
  id: string;
  pages: string[];
  /** The test's audience: the winner was measured on these visitors only, so it is shipped to them only. */
  audience?: Audience;
  arm: ArmConfig;
}

export interface AttributionTestConfig extends AttributionTest {
  /** As RunningTest.revenueCap: the per-visitor sums of a test keep their cap after it ends. */
  revenueCap: number | null;
}
