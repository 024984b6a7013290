/** Percentile of a list of numbers (nearest-rank). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (value, digits = 1) => Number(value.toFixed(digits));

export async function timed(fn) {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
}
