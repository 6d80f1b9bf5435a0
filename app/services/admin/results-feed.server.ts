// GET /api/v1/results (draft): a test's results for the merchant's own systems, with the site API key: the
// CSV export's numbers (results.server.ts) as JSON records.
import { dailyRecords, DAILY_COLUMNS, summaryRecords, SUMMARY_COLUMNS, type FeedRecord } from "~/domain/results/csv";
import { authenticateApiKey } from "~/services/api-key-auth.server";
import { fail, ok, type Outcome } from "~/services/outcome";
import { loadTestResults, NO_SUCH_TEST } from "./results.server";

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

/** GET /api/v1/results' body (docs/api.md): the CSV's columns and rows as JSON, with the test it is for. */
export interface ResultsFeed {
  api_version: "v1";
  kind: "summary" | "daily";
  test: { id: string; name: string; status: string; site: string; currency: string; started_at: string | null; ended_at: string | null };
  columns: readonly string[];
  rows: Array<FeedRecord<string>>;
}

/**
 * The CSV's numbers as records for a site's API key: not found, as for any other unknown test, when the test
 * is not on the key's site (another site's tests are not told apart from tests that do not exist).
 */
export async function loadResultsFeed(shopDomain: string, sitePublicId: string, testId: string, daily: boolean): Promise<Outcome<ResultsFeed>> {
  const loaded = await loadTestResults(shopDomain, testId);
  if (!loaded || loaded.sitePublicId !== sitePublicId) return fail(NO_SUCH_TEST);
  const { view } = loaded;
  return ok({
    api_version: "v1",
    kind: daily ? "daily" : "summary",
    test: { id: view.test.id, name: view.test.name, status: view.test.status, site: sitePublicId, currency: view.currency, started_at: view.test.startedAt, ended_at: loaded.endedAt },
    columns: daily ? DAILY_COLUMNS : SUMMARY_COLUMNS,
    rows: daily ? dailyRecords(view, loaded.rollups) : summaryRecords(view, loaded.decision),
  });
}
