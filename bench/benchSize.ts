/** The machine counts the benchmark runs at, from the `?n=` URL parameter. */
export const BENCH_SIZES = [1_000, 10_000, 100_000, 1_000_000] as const;
/** Any other count up to this works too. */
export const MAX_BENCH_SIZE = 2_000_000;

/** `?n=` from the URL, a whole number up to MAX_BENCH_SIZE; 1000 when absent or out of range. */
export function benchSizeFromUrl(search: string): number {
  const n = Number(new URLSearchParams(search).get('n'));
  return Number.isInteger(n) && n >= 1 && n <= MAX_BENCH_SIZE ? n : BENCH_SIZES[0];
}
