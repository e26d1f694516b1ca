/**
 * Sample times used to advance the simulation over (from, to]: every `stepMs`
 * when the gap is short; for a long idle gap, the most recent part keeps the
 * fine step and the older part is covered by evenly spread coarse samples, so
 * one call never evaluates more than `maxSamples` instants. The last sample is
 * always `to` itself.
 */
export const DEFAULT_MAX_SAMPLES = 2_000;

export function sampleTimes(from: number, to: number, stepMs: number, maxSamples = DEFAULT_MAX_SAMPLES): number[] {
  if (to <= from) return [];
  const step = Math.max(1, Math.floor(stepMs));
  const fineCount = Math.ceil((to - from) / step);
  const times: number[] = [];
  if (fineCount <= maxSamples) {
    for (let t = from + step; t < to; t += step) times.push(t);
    times.push(to);
    return times;
  }
  const fine = Math.floor(maxSamples / 2);
  const coarse = maxSamples - fine;
  const fineStart = to - fine * step; // fine samples at fineStart + step … to
  const coarseStep = (fineStart - from) / coarse;
  for (let i = 1; i <= coarse; i++) times.push(Math.floor(from + coarseStep * i));
  for (let t = fineStart + step; t < to; t += step) times.push(t);
  times.push(to);
  return times;
}
