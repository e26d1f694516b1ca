/**
 * The key to a chart's coverage marks, under the chart (on screen and in
 * print): a grey hatched band is a period the warehouse does not hold, a faded
 * bar a period it holds only in part. Nothing when every period is synced.
 */
export const NOT_SYNCED_FILL = "#94a3b8";

/** `partialMark`: how the chart draws a partly synced period (a faded bar unless said otherwise). */
export function CoverageLegend({ uncovered, partial, partialMark = "Faded bar" }: { uncovered: number; partial: number; partialMark?: string }) {
  if (uncovered === 0 && partial === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300" data-coverage-legend="">
      {uncovered > 0 ? (
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm border border-slate-400 bg-[repeating-linear-gradient(135deg,#94a3b8_0_2px,transparent_2px_5px)]" />
          Not synced ({uncovered} {uncovered === 1 ? "period" : "periods"}): no data in the warehouse, not zero
        </span>
      ) : null}
      {partial > 0 ? (
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-slate-500/40" />
          {partialMark}: partly synced ({partial} {partial === 1 ? "period" : "periods"})
        </span>
      ) : null}
    </p>
  );
}
