"use client";

import dynamic from "next/dynamic";
import { useRef } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { exactAmount, formatInUnit } from "@/lib/format/amount";
import { ChartDownload } from "./chart-download";

// The chart library loads after the page's figures, into a box of the chart's own size (no layout shift).
const CompareLines = dynamic(() => import("./compare-lines"), { ssr: false, loading: () => <Skeleton className="h-full w-full" /> });

/** One position of the period: this period's bucket and figure, and the previous period's (null where it has none). */
export interface ComparedRow {
  label: string;
  bucket: string | null;
  previousBucket: string | null;
  now: string | null;
  before: string | null;
}

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
 */
/** A figure of the table under the chart: rounded as its unit says, every digit in its title. */
function FigureTd({ value, unit }: { value: string | null; unit: string }) {
  if (value === null) return <td className="text-right">—</td>;
  return (
    <td className="text-right" title={exactAmount(value, unit)}>
      {formatInUnit(value, unit)}
    </td>
  );
}

export function ComparedPeriodsChart({ title, rows, series, unit }: { title: string; rows: readonly ComparedRow[]; series: readonly [CompareSeries, CompareSeries]; unit: string }) {
  const chartRef = useRef<HTMLDivElement>(null);
  const dated = rows.filter((r) => r.bucket !== null);
  const first = dated[0]?.bucket ?? "";
  const last = dated.at(-1)?.bucket ?? "";
  return (
    <figure className="space-y-2 break-inside-avoid" data-chart-figure="">
      <figcaption className="sr-only">
        {title}, {unit}, {rows.length} periods from {first} to {last}, each beside the same position of the previous period. The figures are in the table below the chart.
      </figcaption>
      <p aria-hidden="true" data-chart-edge="top" className="hidden text-xs font-medium text-slate-700 print:block">
        {title} ({unit})
      </p>
      <ChartDownload title={title} legend={series} chartRef={chartRef} period={{ from: first, to: last }} />
      <div ref={chartRef} className="h-72 w-full print:h-auto" aria-hidden="true" data-chart-canvas="">
        <CompareLines rows={rows} series={series} unit={unit} />
      </div>
      <p aria-hidden="true" data-chart-edge="bottom" className="hidden text-xs text-slate-600 print:block">
        {title}: {rows.length} periods, {first} to {last}
      </p>
      <details className="text-sm print:hidden">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Show the figures as a table</summary>
        <div className="mt-2 max-h-64 overflow-auto">
          <table className="w-full text-xs tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="text-left">Period</th>
                <th scope="col" className="text-right">{series[0].label}</th>
                <th scope="col" className="pl-4 text-left">Previous period</th>
                <th scope="col" className="text-right">{series[1].label}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  <th scope="row" className="text-left font-normal">{r.bucket ?? "—"}</th>
                  <FigureTd value={r.now} unit={unit} />
                  <td className="pl-4 text-left">{r.previousBucket ?? "—"}</td>
                  <FigureTd value={r.before} unit={unit} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
