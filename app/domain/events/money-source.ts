// Where a goal's conversions and their money may come from on a site: signed Shopify orders, the merchant's
// server, or visitors' browsers (which anyone can forge). The browser doors refuse what is not theirs, the
// results page names each goal's source, and automatic actions can ask whether a goal's evidence is trustworthy.
import { PURCHASE_GOAL } from "./purchase";

/**
 * orders: Shopify's signed order webhooks (a Shopify site's `purchase`); server: the merchant's server
 * through `POST /api/conversions` with a site API key (a goal the site lists as counted from its server);
 * browser: the snippet's doors, open to anyone who can send a request.
 */
export type MoneySource = "orders" | "server" | "browser";

/** What the rule reads of a site: its kind and the goal labels it counts from its server only (Site.serverGoals). */
export interface MoneySourceSite {
  kind: "shopify" | "web";
  serverGoals?: readonly string[];
}

/**
 * The one source a goal's conversions count from on this site. A Shopify site's purchases come from its
 * signed orders alone; a label the site lists in serverGoals, from its server alone; anything else from
 * the browser (where the server's conversions, if any, count beside the browser's).
 */
export function moneySource(goal: string, site: MoneySourceSite): MoneySource {
  if (site.kind === "shopify" && goal === PURCHASE_GOAL) return "orders";
  if (site.serverGoals?.includes(goal)) return "server";
  return "browser";
}

/** Whether a browser door may report a conversion under this goal (with or without a value). */
export function browserMayReport(goal: string, site: MoneySourceSite): boolean {
  return moneySource(goal, site) === "browser";
}

/**
 * Whether a goal's evidence is something a stranger cannot make: signed orders or the merchant's own
 * server. What svc does on its own (serving a winner) should rest on such a goal only.
 */
export function isTrustedSource(source: MoneySource): boolean {
  return source !== "browser";
}

/** The results page's one line per goal: where its conversions and money come from, and what that is worth. */
export const MONEY_SOURCE_WORDS: Record<MoneySource, string> = {
  orders: "Counted from the shop's signed order webhooks: no visitor can add to it.",
  server: "Counted from your server only (POST /api/conversions with an API key): no visitor can add to it.",
  browser: "Sent by visitors' browsers: anyone can forge these conversions and their values.",
};
