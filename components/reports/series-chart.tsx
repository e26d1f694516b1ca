"use client";

import Decimal from "decimal.js";
import dynamic from "next/dynamic";
import { useMemo, useRef } from "react";
import { AnnotationList } from "@/components/annotations/annotation-list";
import { useChartMarkers } from "@/components/annotations/use-chart-markers";
import { Skeleton } from "@/components/ui/skeleton";
import type { BucketState } from "@/lib/reports/coverage";
import { TODAY_PARTIAL } from "@/lib/reports/partial-bucket";
import { exactAmount, formatInUnit } from "@/lib/format/amount";
import { ChartDownload } from "./chart-download";
import { CoverageLegend } from "./coverage-legend";
import { useReportMeta } from "./report-context";

// The chart library loads after the page's figures are on screen, into a box of the chart's own
// size (no layout shift). The pulse also tells the PDF printer (lib/export/pdf.ts) to wait for it.
const StackedBars = dynamic(() => import("./stacked-bars"), { ssr: false, loading: () => <Skeleton className="h-full w-full" /> });

export interface SeriesDef {
  key: string;
  label: string;
  color: string;
}

/**
 * A stacked bar chart of decimal-string series per bucket. Values are exact
 * strings in the data; numbers are made only to draw bars. The same figures are
 * offered as a table for screen readers and for anyone who wants the digits.
 *
 * In print the figure is one unbreakable block scaled to the page width (see
 * app/globals.css, [data-chart-figure]); its first and last lines are
 * print-only captions, which also let the print test prove that no page
 * break cuts through a chart. The download buttons and the table toggle are
 * screen-only.
 *
 * Buckets the warehouse does not hold (the answer's coverage) get no bar but
 * a grey "not synced" band, partly synced ones a faded bar, and the table says
 * "not synced" instead of 0: missing history is never drawn as zero.
 */
export function StackedSeriesChart({
  title,
  buckets,
  series,
  values,
  unit,
  bucketWord = "periods",
  partialBucket = null,
}: {
  title: string;
  buckets: readonly string[];
  series: readonly SeriesDef[];
  /** values[bucket][seriesKey] = decimal string */
  values: ReadonlyMap<string, ReadonlyMap<string, string>>;
  unit: string;
  /** What the buckets are, in the captions: periods unless the bars are something else (invite codes). */
  bucketWord?: string;
  /** The bucket holding today while it is partial (lib/reports/partial-bucket.ts): named so in the figure table. */
  partialBucket?: string | null;
}) {
  const { coverage } = useReportMeta();
  const states = new Map<string, BucketState>((coverage?.buckets ?? []).map((b) => [b.bucket, b.state]));
  const stateOf = (bucket: string): BucketState => states.get(bucket) ?? "covered";
  const data = buckets.map((bucket) => {
    const row: Record<string, string | number | null> = { bucket };
    const uncovered = stateOf(bucket) === "uncovered";
    for (const s of series) row[s.key] = uncovered ? null : Number(values.get(bucket)?.get(s.key) ?? 0);
    return row;
  });
  const marks = { uncovered: buckets.filter((b) => stateOf(b) === "uncovered"), partial: buckets.filter((b) => stateOf(b) === "partial") };
  const chartRef = useRef<HTMLDivElement>(null);
  const positions = useMemo(() => buckets.map((bucket) => ({ bucket, x: bucket })), [buckets]);
  const notes = useChartMarkers(positions);
  const first = buckets[0] ?? "";
  const last = buckets.at(-1) ?? "";
  // A coin's amounts at its decimals, every digit in the cell's title; other units (counts, shares) grouped.
  const cell = (value: string) => ({ text: formatInUnit(value, unit), title: exactAmount(value, unit) });
  const totals = buckets.map((bucket) =>
    series.reduce((acc, s) => acc.plus(values.get(bucket)?.get(s.key) ?? 0), new Decimal(0)).toFixed(),
  );
  return (
    <figure className="space-y-2 break-inside-avoid" data-chart-figure="">
      <figcaption className="sr-only">
        {title}, {unit}, {buckets.length} {bucketWord} from {first} to {last}{partialBucket ? ` (${partialBucket}: ${TODAY_PARTIAL})` : ""}. The figures are in the table below the chart.
      </figcaption>
      <p aria-hidden="true" data-chart-edge="top" className="hidden text-xs font-medium text-slate-700 print:block">
        {title} ({unit})
      </p>
      <ChartDownload title={title} legend={series} chartRef={chartRef} period={{ from: first, to: last }} marks={marks} notes={notes.lines} />
      <div ref={chartRef} className="h-72 w-full print:h-auto" aria-hidden="true" data-chart-canvas="">
        <StackedBars data={data} series={series} values={values} unit={unit} states={states} markers={notes.markers} />
      </div>
      <CoverageLegend uncovered={marks.uncovered.length} partial={marks.partial.length} />
      <AnnotationList shown={notes.shown} chart={notes.chart} />
      <p aria-hidden="true" data-chart-edge="bottom" className="hidden text-xs text-slate-600 print:block">
        {title}: {buckets.length} {bucketWord}, {first} to {last}
      </p>
      <details className="text-sm print:hidden">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Show the figures as a table</summary>
        <div className="relative mt-2 max-h-64 overflow-auto">
          <table className="w-full text-xs tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="text-left">Period</th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="text-right">{s.label}</th>
                ))}
                <th scope="col" className="text-right">Total</th>
              </tr>
            </thead>
            <tbody>
              {buckets.map((bucket, i) => {
                const state = stateOf(bucket);
                if (state === "uncovered") {
                  return (
                    <tr key={bucket} data-bucket-state="uncovered">
                      <th scope="row" className="text-left font-normal">{bucket}</th>
                      <td colSpan={series.length + 1} className="text-right text-slate-600 dark:text-slate-400">not synced</td>
                    </tr>
                  );
                }
                return (
                  <tr key={bucket} data-bucket-state={state}>
                    <th scope="row" className="text-left font-normal">
                      {bucket}
                      {state === "partial" ? " (partly synced)" : ""}
                      {bucket === partialBucket ? ` (${TODAY_PARTIAL})` : ""}
                    </th>
                    {series.map((s) => {
                      const { text, title } = cell(values.get(bucket)?.get(s.key) ?? "0");
                      return (
                        <td key={s.key} className="text-right" title={title}>
                          {text}
                        </td>
                      );
                    })}
                    <td className="text-right" title={cell(totals[i] ?? "0").title}>
                      {cell(totals[i] ?? "0").text}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
