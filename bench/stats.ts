/** Runs fn n times after a warm-up and returns the durations in ms, sorted. */
export async function sample(n: number, fn: () => Promise<unknown>, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** One printed row: name, median, p90, target and whether the median meets it. */
export function row(name: string, sorted: number[], targetMs?: number): string {
  const median = quantile(sorted, 0.5);
  const verdict = targetMs === undefined ? '' : median <= targetMs ? `  target <= ${targetMs} ms: met` : `  target <= ${targetMs} ms: MISSED`;
  return `${name.padEnd(46)} median ${median.toFixed(1).padStart(7)} ms   p90 ${quantile(sorted, 0.9).toFixed(1).padStart(7)} ms   n=${sorted.length}${verdict}`;
}
