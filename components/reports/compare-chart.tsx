"use client";

import dynamic from "next/dynamic";
import { useMemo, useRef } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { exactAmount, formatInUnit } from "@/lib/format/amount";
import type { BucketState } from "@/lib/reports/coverage";
import { countOf } from "@/lib/format/plural";
import { ChartDownload } from "./chart-download";
import { CoverageLegend } from "./coverage-legend";
import { AnnotationList } from "@/components/annotations/annotation-list";
import { useChartMarkers } from "@/components/annotations/use-chart-markers";

// The chart library loads after the page's figures, into a box of the chart's own size (no layout shift).
const CompareLines = dynamic(() => import("./compare-lines"), { ssr: false, loading: () => <Skeleton className="h-full w-full" /> });

/** One position of the period: this period's bucket and figure, and the previous period's (null where it has none). */
export interface ComparedRow {
  label: string;
  bucket: string | null;
  previousBucket: string | null;
  now: string | null;
  before: string | null;
  /** Each period's own coverage of its bucket (null where the period has no bucket at this position). */
  state: BucketState | null;
  previousState: BucketState | null;
}

/** How a period's bucket reads in the table: its date, marked when partly synced. */
const dated = (bucket: string | null, state: BucketState | null) => (bucket === null ? "—" : state === "partial" ? `${bucket} (partly synced)` : bucket);
/** A period's figure in the table: rounded as its unit says (every digit in its title), "not synced" where the warehouse does not hold it, never a zero. */
function Figure({ value, state, unit }: { value: string | null; state: BucketState | null; unit: string }) {
  if (state === "uncovered") return <td className="px-2 text-right text-slate-600 dark:text-slate-400">not synced</td>;
  if (value === null) return <td className="px-2 text-right">—</td>;
  return (
    <td className="px-2 text-right" title={exactAmount(value, unit)}>
      {formatInUnit(value, unit)}
    </td>
  );
}

/**
 * A goal's pace drawn across a per-day chart (lib/targets/pace.ts): `value` only to draw, `label` on the line and in the
 * download's legend, `sentence` its definition under the chart and in the download.
 */
export interface PaceGoal {
  id: string;
  label: string;
  sentence: string;
  value: number;
}

/** The pace lines' colour: the forecast chart's goal lines'. */
export const PACE_COLOR = "#b45309";

export interface CompareSeries {
  key: "now" | "before";
  label: string;
  color: string;
  dashed?: boolean;
}

/**
 * A line chart of one figure over the period with the previous period overlaid
 * position by position (the k-th day, week or month of each). Values are exact
 * strings; numbers are made only to draw. The same figures are offered as a
 * table. In print the figure is one unbreakable block with print-only captions
 * (app/globals.css, [data-chart-figure]), as StackedSeriesChart.
 *
 * Coverage as StackedSeriesChart marks it, for each line on its own: positions
 * whose buckets the warehouse does not hold get no point but a grey "not
 * synced" band, partly synced points an open dot, and the table says "not
 * synced" and "(partly synced)": missing history is never drawn as zero.
 */
export function ComparedPeriodsChart({
  title,
  rows,
  series,
  unit,
  sameDates = false,
  goals = [],
  goalNote = null,
  ownDays = false,
}: {
  title: string;
  rows: readonly ComparedRow[];
  series: readonly [CompareSeries, CompareSeries];
  unit: string;
  /** Two figures of the same days (the payback's running sums), not a period against the one before: one date column. */
  sameDates?: boolean;
  /** Goals' paces, dashed across the chart (the Overview's targets; never on a share link). */
  goals?: readonly PaceGoal[];
  /** Why a goal of the figure is not drawn here, in words (lib/targets/pace.ts PACE_WITHHELD_WORDS). */
  goalNote?: string | null;
  /** The chart's days are its own, not the view's (the payback's, on an invite code's page): its notes are theirs. */
  ownDays?: boolean;
}) {
  const chartRef = useRef<HTMLDivElement>(null);
  const inPeriod = rows.filter((r) => r.bucket !== null);
  const first = inPeriod[0]?.bucket ?? "";
  const last = inPeriod.at(-1)?.bucket ?? "";
  // Every bucket of either period, by its own coverage: the legend's counts and the download's marks.
  const bucketsIn = (state: BucketState) => [
    ...rows.filter((r) => r.bucket !== null && r.state === state).map((r) => r.bucket as string),
    ...rows.filter((r) => r.previousBucket !== null && r.previousState === state).map((r) => r.previousBucket as string),
  ];
  const marks = { uncovered: bucketsIn("uncovered"), partial: bucketsIn("partial"), partialLabel: "Open dot: partly synced" };
  // Annotations stand on this period's positions (the axis reads their labels).
  const positions = useMemo(() => rows.flatMap((r) => (r.bucket === null ? [] : [{ bucket: r.bucket, x: r.label }])), [rows]);
  const notes = useChartMarkers(positions, ownDays && first !== "" ? { from: first, to: last } : undefined);
  return (
    <figure className="space-y-2 break-inside-avoid" data-chart-figure="">
      <figcaption className="sr-only">
        {title}, {unit}, {countOf(rows.length, sameDates ? "day" : "period")} from {first} to {last},{" "}
        {sameDates ? `${series[0].label} beside ${series[1].label}, day by day` : "each beside the same position of the previous period"}. The figures are in the table below the chart.
      </figcaption>
      <p aria-hidden="true" data-chart-edge="top" className="hidden text-xs font-medium text-slate-700 print:block">
        {title} ({unit})
      </p>
      <ChartDownload
        title={title}
        legend={[...series, ...goals.map((g) => ({ label: g.label, color: PACE_COLOR }))]}
        chartRef={chartRef}
        period={{ from: first, to: last }}
        marks={marks}
        notes={[...goals.map((g) => g.sentence), ...notes.lines]}
      />
      <div ref={chartRef} className="h-72 w-full print:h-auto" aria-hidden="true" data-chart-canvas="">
        <CompareLines rows={rows} series={series} unit={unit} markers={notes.markers} goals={goals} />
      </div>
      <CoverageLegend uncovered={marks.uncovered.length} partial={marks.partial.length} partialMark="Open dot" />
      {goals.length > 0 || goalNote ? (
        <div className="text-xs text-slate-700 dark:text-slate-300" data-goal-pace="">
          {goals.map((g) => (
            <p key={g.id}>
              <span aria-hidden="true" className="mr-1 inline-block w-4 border-t-2 border-dashed align-middle" style={{ borderColor: PACE_COLOR }} />
              {g.sentence}.
            </p>
          ))}
          {goalNote ? <p className="text-slate-600 dark:text-slate-400">{goalNote}</p> : null}
        </div>
      ) : null}
      <AnnotationList shown={notes.shown} chart={notes.chart} />
      <p aria-hidden="true" data-chart-edge="bottom" className="hidden text-xs text-slate-600 print:block">
        {title}: {countOf(rows.length, sameDates ? "day" : "period")}, {first} to {last}
      </p>
      <details className="text-sm print:hidden">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Show the figures as a table</summary>
        <div className="relative mt-2 max-h-64 overflow-auto">
          <table className="w-full text-xs whitespace-nowrap tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {/* Two dates and two figures per position: each header says which period and what it holds. */}
                <th scope="col" className="px-2 text-left">{sameDates ? "Day" : `${series[0].label} (date)`}</th>
                <th scope="col" className="px-2 text-right">{series[0].label} ({unit})</th>
                {sameDates ? null : <th scope="col" className="px-2 text-left">{series[1].label} (date)</th>}
                <th scope="col" className="px-2 text-right">{series[1].label} ({unit})</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} data-bucket-state={r.state ?? "none"} data-previous-state={r.previousState ?? "none"}>
                  <th scope="row" className="px-2 text-left font-normal">{dated(r.bucket, r.state)}</th>
                  <Figure value={r.now} state={r.state} unit={unit} />
                  {sameDates ? null : <td className="px-2 text-left">{dated(r.previousBucket, r.previousState)}</td>}
                  <Figure value={r.before} state={r.previousState} unit={unit} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
