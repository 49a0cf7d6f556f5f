// The order statistics every benchmark reports of a series of times: the same ranks in each, so their
// tables compare (p99: the sample at 99 % of the sorted series, the last one for fewer than 100).
export interface LatencyStats {
  median: number;
  p90: number;
  p99: number;
  max: number;
}

/** NaN for an empty series. */
export function latencyStats(xs: readonly number[]): LatencyStats {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
  return { median: at(0.5), p90: at(0.9), p99: at(0.99), max: s[s.length - 1] ?? NaN };
}
