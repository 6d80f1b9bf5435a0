// The conversions a browser door may not report on a site (issue 33, "money only from money's source"): a
// Shopify site's purchases, which its signed orders count, and the goals the site counts from its server.
import type { SvcEvent } from "~/wire";
import { moneySource, type MoneySourceSite } from "./money-source";

/** A conversion the browser may not report, by its place in the batch (for the answer's `issues`). */
export interface RefusedConversion {
  index: number;
  goal: string;
  source: "orders" | "server";
}

/**
 * Splits a batch's events into those a browser may report and the conversions it may not. Only those are
 * refused: the shopper's other events in the same batch (an exposure, a pageview, another goal) count as ever.
 */
export function screenBrowserConversions(events: readonly SvcEvent[], site: MoneySourceSite): { kept: SvcEvent[]; refused: RefusedConversion[] } {
  const kept: SvcEvent[] = [];
  const refused: RefusedConversion[] = [];
  events.forEach((event, index) => {
    const source = event.type === "conversion" ? moneySource(event.goal, site) : "browser";
    if (event.type === "conversion" && source !== "browser") refused.push({ index, goal: event.goal, source });
    else kept.push(event);
  });
  return { kept, refused };
}

/** Why one conversion was refused, as a line of the problem document's `issues`. */
export function refusalIssue({ index, goal, source }: RefusedConversion): string {
  return source === "orders"
    ? `events.${index}: "${goal}" is counted from the shop's signed order webhooks only`
    : `events.${index}: "${goal}" is counted from the site's server (POST /api/conversions) only`;
}
