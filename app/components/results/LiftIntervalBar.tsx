// A lift and its interval drawn against zero, so "does it cross zero?" is seen before it is read.
import { useId } from "react";

export interface LiftInterval {
  lift: number;
  ciLow: number;
  ciHigh: number;
}

const WIDTH = 160;
const HEIGHT = 22;
const PAD = 4;

/** One scale for every bar of a table, always including zero, so rows can be compared by eye. */
export function intervalDomain(intervals: Array<LiftInterval | null>): [number, number] {
  let low = 0;
  let high = 0;
  for (const interval of intervals) {
    if (!interval) continue;
    low = Math.min(low, interval.ciLow, interval.lift);
    high = Math.max(high, interval.ciHigh, interval.lift);
  }
  // A symmetric scale keeps zero in the middle, so left means worse and right means better everywhere.
  const reach = Math.max(Math.abs(low), Math.abs(high), 0.01) * 1.1;
  return [-reach, reach];
}

export function LiftIntervalBar({
  interval,
  domain,
  label,
}: {
  interval: LiftInterval;
  domain: [number, number];
  /** The text alternative, e.g. "Lift +5.2%, 95% interval −1.0% to +11.4%". */
  label: string;
}) {
  const titleId = useId();
  const [min, max] = domain;
  const x = (value: number) => {
    const clamped = Math.min(Math.max(value, min), max);
    return Math.round((PAD + ((clamped - min) / (max - min)) * (WIDTH - 2 * PAD)) * 10) / 10;
  };
  const color =
    interval.ciLow > 0
      ? "var(--p-color-bg-fill-success)"
      : interval.ciHigh < 0
        ? "var(--p-color-bg-fill-critical)"
        : "var(--p-color-icon-secondary)";
  const left = x(interval.ciLow);
  const right = x(interval.ciHigh);
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      style={{ display: "block", overflow: "visible" }}
    >
      <title id={titleId}>{label}</title>
      <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT / 2} y2={HEIGHT / 2} style={{ stroke: "var(--p-color-border)" }} />
      <rect
        x={left}
        y={HEIGHT / 2 - 4}
        width={Math.max(right - left, 1)}
        height={8}
        rx={4}
        style={{ fill: color, opacity: 0.35 }}
      />
      <line
        x1={x(0)}
        x2={x(0)}
        y1={2}
        y2={HEIGHT - 2}
        strokeWidth={1.5}
        style={{ stroke: "var(--p-color-text)" }}
      />
      <circle cx={x(interval.lift)} cy={HEIGHT / 2} r={4} style={{ fill: color }} />
    </svg>
  );
}
