// GET /api/v1/results (draft): a test's results for the merchant's own systems, with the site API key.
import { loadResultsFeed, type ResultsFeed } from "~/services/admin/results.server";
import { authenticateApiKey } from "~/services/api-key-auth.server";
import { fail, type Outcome } from "~/services/outcome";

/** A test id as the admin makes them (cuid-like, or a seeded slug): anything else is a bad query, not a lookup. */
const TEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** `address` is the client's: its failed authentications are limited (authenticateApiKey). */
export async function resultsFeed(authorization: string | null, query: URLSearchParams, address?: string): Promise<Outcome<ResultsFeed>> {
  const holder = await authenticateApiKey(authorization, address);
  if (!holder.ok) return holder;
  const test = query.get("test") ?? "";
  const daily = query.get("daily") ?? "0";
  const issues = [
    ...(TEST_ID.test(test) ? [] : ["test: give the test's id (letters, digits, - and _; at most 64)"]),
    ...(daily === "0" || daily === "1" ? [] : ["daily: 1 for one row per day, 0 or absent for the summary"]),
  ];
  if (issues.length > 0) return fail({ status: 400, type: "invalid-query", title: "The query is not valid", issues });
  return loadResultsFeed(holder.value.shopDomain, holder.value.sitePublicId, test, daily === "1");
}
