/** Middle value; the mean of the two middle values for an even count. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Median and spread (min to max) of one metric over the runs. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function summarise(values: readonly number[]): Summary {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length };
}
