// window.svc: the frozen public object, and the replay of calls made to the optional queue stub.
import { guard } from "./guard";

type Convert = (goal?: unknown, value?: unknown) => void;
type Exposure = Convert;

interface SvcWindow {
  svc?: unknown;
}

let published: unknown;

/**
 * Publishes window.svc. A stub left by the merchant (`{q: [], convert(){ q.push(arguments) }}`)
 * is replaced and its queued convert calls replayed in order. Anything else already named svc
 * is left alone: the page's own object matters more than ours.
 */
export function publish(convert: Convert, exposure: Exposure): void {
  const w = window as SvcWindow;
  const stub = w.svc as { q?: unknown } | undefined;
  let queued: unknown;
  if (stub !== undefined) {
    try {
      queued = stub.q;
    } catch {
      return;
    }
    if (!Array.isArray(queued)) return;
  }
  // Both return undefined and never throw, whatever they are given (spec).
  const api = Object.freeze({ convert: guard(convert), exposure: guard(exposure) });
  w.svc = published = api;
  for (const a of (queued as ArrayLike<unknown>[] | undefined) ?? []) {
    try {
      api.convert(a[0], a[1]);
    } catch {
      // A malformed queue entry is skipped.
    }
  }
}

/** Withdraws window.svc (consent withdrawn on Shopify); only our own object is removed. */
export function unpublish(): void {
  try {
    const w = window as SvcWindow;
    if (published && w.svc === published) delete w.svc;
  } catch {
    // Nothing published.
  }
}
