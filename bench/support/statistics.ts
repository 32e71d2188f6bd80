// Small statistics for benchmark output: median, percentiles, formatting.
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

export function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}
