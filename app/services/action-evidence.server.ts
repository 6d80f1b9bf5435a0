// What svc may act on by itself for a running test (the schedule job's pauses, completions and notices): its
// results read through the robust view (app/domain/results/robust-view.ts), so that no conclusion a few
// networks made up pauses, completes or serves anything, and a winner is served only on money's own evidence.
import { decidedCompletion } from "~/domain/results/decided-completion";
import type { DecisionSummary } from "~/domain/results/decision-summary";
import { FLICKER_LIMIT_MS, robustFlickerBreaches, type FlickerBreach } from "~/domain/results/flicker-guardrail";
import type { GuardrailBreach } from "~/domain/results/guardrails";
import { buildResults } from "~/domain/results/build-results";
import { robustDecision, robustEvidence, robustGuardrailBreaches, type RobustEvidence } from "~/domain/results/robust-view";
import type { ResultsView } from "~/domain/results/view";
import { isTrustedSource } from "~/domain/events/money-source";
import { readNetworkRollups } from "~/models/events/network-rollup.server";
import { readFlickerNetworks } from "~/models/results/results.server";
import { loadTestResults } from "./admin/results.server";

export interface WatchSettings {
  /** Guardrail goals' labels. */
  guardrails: readonly string[];
  pauseOnFlicker: boolean;
  /** When a guardrail last paused the test: once resumed, guardrails and flicker judge only what came after. */
  guardrailTrippedAt: Date | null;
}

export interface ActionEvidence {
  view: ResultsView;
  decision: DecisionSummary;
  robust: RobustEvidence;
  /** Guardrail breaches that hold on the robust view (over the days after the last guardrail pause, if any). */
  breaches: GuardrailBreach[];
  /** Flicker breaches that hold on the robust view, when the test pauses on flicker. */
  flicker: FlickerBreach[];
  /** The decision's completion (stop once decided) holds on the robust view too; null while undecided. */
  completion: ReturnType<typeof decidedCompletion>;
  /**
   * Whether svc may serve the winner by itself: the primary goal's evidence is money's own (a Shopify shop's
   * signed orders, or the merchant's server: money-source.ts). Otherwise the merchant is told the test is
   * decided and ships it with a click.
   */
  primaryTrusted: boolean;
}

export async function loadActionEvidence(shopDomain: string, testId: string, settings: WatchSettings, now: Date): Promise<ActionEvidence | null> {
  const loaded = await loadTestResults(shopDomain, testId);
  if (!loaded) return null;
  const { input, view, decision, siteId } = loaded;
  const today = now.toISOString().slice(0, 10);
  const networks = await readNetworkRollups(siteId, testId);
  const robust = robustEvidence(input, view, networks);
  const completion = decidedCompletion(decision.state, { controlId: view.arms[0]?.armId ?? "", leadingVariantId: decision.called?.armId ?? null });
  const holds = completion !== null && robustDecision(input, robust, networks, decision, today).holds;

  // After a resume, guardrails judge the days after the pause only: the loss the merchant accepted stays behind.
  const since = settings.guardrailTrippedAt?.toISOString().slice(0, 10) ?? null;
  const guardInput = since === null ? input : { ...input, rollups: input.rollups.filter((r) => r.day > since) };
  const guardView = since === null ? view : buildResults(guardInput);
  const guardEvidence = since === null ? robust : robustEvidence(guardInput, guardView, networks);
  const breaches = settings.guardrails.length > 0 ? robustGuardrailBreaches(guardInput, guardEvidence, networks, settings.guardrails) : [];
  const flicker = settings.pauseOnFlicker
    ? robustFlickerBreaches(view, await readFlickerNetworks(siteId, testId, FLICKER_LIMIT_MS, settings.guardrailTrippedAt))
    : [];
  const primary = view.goals.find((g) => g.primary);
  return {
    view,
    decision,
    robust,
    breaches,
    flicker,
    completion: holds ? completion : null,
    primaryTrusted: primary?.source !== undefined && isTrustedSource(primary.source),
  };
}
