// A test's results for its shop: load the rollups, run the statistics, shape the page or the CSV.
import { buildResults, type ResultsInput } from "~/domain/results/build-results";
import { dailyCsv, summaryCsv } from "~/domain/results/csv";
import type { ResultsView } from "~/domain/results/view";
import { findTestOfShop, readFlickerStats, readRollupRows } from "~/models/results.server";
import { fail, ok, type Outcome, type Problem } from "~/services/outcome";

const NO_SUCH_TEST: Problem = { status: 404, type: "not-found", title: "No such test" };

async function load(shopDomain: string, testId: string) {
  const test = await findTestOfShop(shopDomain, testId);
  if (!test) return null;
  const [rollups, flicker] = await Promise.all([
    readRollupRows(test.site.id, test.id),
    readFlickerStats(test.site.id, test.id),
  ]);
  const input: ResultsInput = {
    test: {
      id: test.id,
      name: test.name,
      status: test.status,
      startedAt: test.startedAt?.toISOString() ?? null,
      pages: test.pages,
      trafficPercent: test.trafficPercent,
      minDetectableEffect: test.minDetectableEffect,
    },
    arms: test.arms.map((a) => ({ id: a.id, key: a.key, name: a.name, weight: a.weight })),
    goals: test.goals.map((g) => ({ label: g.label, isPrimary: g.isPrimary })),
    currency: test.site.currency,
    rollups,
    flicker,
    prior: { mean: 0, sd: test.site.shop.liftPriorSd },
    revenueCap:
      test.revenueCap === null ? null : { amount: Number(test.revenueCap), source: test.revenueCapSource === "setting" ? "setting" : "p99" },
  };
  return { view: buildResults(input), rollups };
}

/** The results page's data; not found when the test is not this shop's. */
export async function loadResults(shopDomain: string, testId: string): Promise<Outcome<ResultsView>> {
  const loaded = await load(shopDomain, testId);
  return loaded ? ok(loaded.view) : fail(NO_SUCH_TEST);
}

/** The CSV export (one row per goal × arm, or per day × arm × goal × currency); not found as above. */
export async function loadResultsCsv(shopDomain: string, testId: string, daily: boolean): Promise<Outcome<string>> {
  const loaded = await load(shopDomain, testId);
  if (!loaded) return fail(NO_SUCH_TEST);
  return ok(daily ? dailyCsv(loaded.view, loaded.rollups) : summaryCsv(loaded.view));
}
