/**
 * The median of `values` (the mean of the middle two for an even count); `NaN` when empty.
 *
 * @example
 * ```ts
 * median([3, 1, 2]); // 2
 * ```
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The value below which `fraction` of `values` lie (nearest rank); `NaN` when empty.
 *
 * @example
 * ```ts
 * percentile([5, 1, 4, 2, 3], 0.99); // 5
 * ```
 */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1] as number;
}

/**
 * The median of the ratios of paired samples (`numerators[i] / denominators[i]`). Samples taken
 * side by side share whatever the machine was doing at that moment, so their ratio is steadier
 * than the ratio of two medians on a machine whose speed drifts.
 *
 * @example
 * ```ts
 * pairedRatio([2, 4, 9], [1, 2, 3]); // 2
 * ```
 */
export function pairedRatio(
  numerators: readonly number[],
  denominators: readonly number[],
): number {
  const count = Math.min(numerators.length, denominators.length);
  const ratios: number[] = [];
  for (let index = 0; index < count; index += 1) {
    ratios.push((numerators[index] as number) / (denominators[index] as number));
  }
  return median(ratios);
}
