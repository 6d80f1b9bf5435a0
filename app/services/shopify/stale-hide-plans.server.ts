// Rewrites the storefront plans that fell behind their tests (Shop.hidePlanStaleSince) with each shop's offline
// Admin API session: at the end of every schedule pass (the pass's own pauses and ends, and every earlier
// failure), and at once when svc paused a test inside a storefront request (exposure misuse), which has no
// Admin API session of its own and must not wait on Shopify. A plan that cannot be written stays marked and
// is tried again at the next pass.
import { appEnv } from "~/env.server";
import type { AdminGraphql } from "~/infra/admin-graphql";
import { listStaleHidePlans, noteHidePlanTried } from "~/models/shopify/hide-plan-state.server";
import { syncHideMetafield } from "./hide-metafield.server";

/** A shop's Admin API outside any request (its offline session); null without one (and in the local demo). */
export type OfflineAdmin = (shopDomain: string) => Promise<AdminGraphql | null>;

/** Shops tried per sweep, the least recently tried first: the rest wait for the next sweep. */
export const STALE_PLANS_PER_SWEEP = 50;
/** One shop's session plus its read and write may take this long before the sweep moves on (Shopify's own limit for a webhook is 5 s). */
export const PLAN_REWRITE_DEADLINE_MS = 5_000;
/** No new shop is started after this long, so an Admin API that hangs cannot hold the schedule pass. */
export const SWEEP_BUDGET_MS = 20_000;

let registered: OfflineAdmin | null = null;
let sweeping: Promise<void> | null = null;
let again = false;
let latest: OfflineAdmin = async () => null;

/** The offline sessions a kick uses: the schedule job's, while it runs (null: kicks do nothing, the next pass does it). */
export function useOfflineAdmin(offlineAdmin: OfflineAdmin | null): void {
  registered = offlineAdmin;
}

/**
 * Rewrites every stale plan (up to STALE_PLANS_PER_SWEEP). A sweep already under way is joined and runs once
 * more after its current round, so a mark raised just before this call is always looked at before the
 * returned promise settles. Never rejects: failures are logged and leave their marks.
 */
export function rewriteStalePlans(offlineAdmin: OfflineAdmin): Promise<void> {
  again = true;
  latest = offlineAdmin;
  sweeping ??= (async () => {
    try {
      while (again) {
        again = false;
        await sweep(latest);
      }
    } catch (error) {
      console.error(`[svc] rewriting stale hide plans failed (tried again at the next pass): ${(error as Error).message}`);
    } finally {
      sweeping = null;
    }
  })();
  return sweeping;
}

/** svc just paused a test outside the schedule job: rewrite now, in the background, if the job runs here. */
export function kickStalePlans(): void {
  if (registered) void rewriteStalePlans(registered);
}

/** Waits for a sweep under way (shutdown). */
export async function settleStalePlans(): Promise<void> {
  await sweeping;
}

async function sweep(offlineAdmin: OfflineAdmin): Promise<void> {
  // The local demo has no Shopify to write to: its storefront renders the plan from the database on each request.
  if (appEnv().demo) return;
  const began = Date.now();
  for (const { shopDomain, since } of await listStaleHidePlans(STALE_PLANS_PER_SWEEP)) {
    if (Date.now() - began > SWEEP_BUDGET_MS) return;
    await noteHidePlanTried(shopDomain, new Date());
    const done = await withinDeadline(
      (async () => {
        const graphql = await offlineAdmin(shopDomain).catch(() => null);
        return graphql ? syncHideMetafield(shopDomain, graphql) : "skipped";
      })(),
    );
    const behind = since ? `, behind its tests for ${Math.round((Date.now() - since.getTime()) / 1000)} s` : "";
    if (done === "timeout") console.error(`[svc] the hide plan of ${shopDomain} was not written within ${PLAN_REWRITE_DEADLINE_MS} ms (tried again at the next pass${behind})`);
    else if (done === "failed") console.error(`[svc] the hide plan of ${shopDomain} is tried again at the next pass${behind}`);
  }
}

function withinDeadline<T>(work: Promise<T>): Promise<T | "timeout"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), PLAN_REWRITE_DEADLINE_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
