// Types of sampler.mjs, for its unit test (the bench itself is plain JavaScript run by node).
export interface Change {
  /** Animation frame time, ms from navigation start. */
  t: number;
  /** One letter per changed element: x missing, o/v visible original/variant, h/H hidden original/variant. */
  s: string;
  /** Elements under body with computed opacity 0. */
  a: number;
}
export interface Trace {
  end: number;
  changes: Change[];
  frames: number;
  shifts: Array<{ t: number; value: number }>;
  paints: Record<string, number>;
  ready: boolean;
  doc: { requestStart: number; responseStart: number; load: number } | null;
}
export interface PageviewFigures {
  flashed: boolean;
  msToFinal: number | null;
  hiddenMs: number;
  anyHiddenMs: number;
  cls: number;
  firstPaint: number | null;
  fcp: number | null;
  responseStart: number | null;
  ready: boolean;
}
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { url: string } }>;
  samples: number[];
  timeDeltas: number[];
}
export function sampler(options: { targets: unknown[]; expect: string; ready: string; maxMs: number }): void;
export function summarize(trace: Trace, expect: string): PageviewFigures;
export function scriptMs(profile: CpuProfile | undefined, urls: string[]): number | null;
