// Types of paired.mjs, for its unit test (the bench itself is plain JavaScript run by node).
export interface PairedView {
  kind: string;
  arm?: string;
  latency: number;
  temperature: string;
  run: number;
  [metric: string]: unknown;
}
export interface Side {
  kind: string;
  arm?: string;
}
export interface Interval {
  n: number;
  tested: number;
  baseline: number;
  point: number;
  low: number;
  high: number;
}
export interface BootstrapOptions {
  level?: number;
  resamples?: number;
  seed?: number;
}
export declare function pairsOf(
  views: PairedView[],
  options: { tested: Side; baseline: Side; latency: number; temperature: string; metric: string },
): Array<[number, number]>;
export declare function pairedRatio(pairs: Array<[number, number]>, options?: BootstrapOptions): Interval | null;
export declare function pairedDifference(pairs: Array<[number, number]>, options?: BootstrapOptions): Interval | null;
export declare function verdictOf(interval: { low: number; high: number }, band: [number, number]): "within" | "outside" | "unsettled";
export declare function comparePaired(
  views: PairedView[],
  options: { tested: Side; baseline: Side; metric: string; measure: typeof pairedRatio; band: [number, number] },
): Array<Interval & { latency: number; temperature: string; verdict: "within" | "outside" | "unsettled" }>;
