"use client";

/**
 * A period's cumulative figure and where it is heading: the whole days held as a solid line, the forecast's
 * projection (lib/forecast/project.ts) dashed from the last whole day to the period's end inside its shaded range, and
 * the team's goals for the figure as horizontal lines. Exact strings in the data and the table; numbers only to draw.
 * In print one unbreakable block with print-only captions (app/globals.css, [data-chart-figure]), as the other charts.
 */
import dynamic from "next/dynamic";
import { useMemo, useRef } from "react";
import { AnnotationList } from "@/components/annotations/annotation-list";
import { useChartMarkers } from "@/components/annotations/use-chart-markers";
import { Skeleton } from "@/components/ui/skeleton";
import type { ForecastPoint } from "@/lib/forecast/project";
import { ChartDownload } from "./chart-download";

const ForecastPathLines = dynamic(() => import("./forecast-path-lines"), { ssr: false, loading: () => <Skeleton className="h-full w-full" /> });

/** One day, cumulative, as drawn. */
export interface ForecastChartRow {
  day: string;
  soFar: number | null;
  value: number | null;
  low: number | null;
  high: number | null;
}

/** A target or tier threshold drawn as a line at its value. */
export interface ForecastGoal {
  id: string;
  label: string;
  value: number;
}

/**
 * The lines' colours, drawn by forecast-path-lines.tsx and named in the downloads' legend. The range is the line's
 * blue at RANGE_OPACITY, so that it reads as a tint of the line on a light page and a dark one alike (an opaque light
 * blue looked grey on the dark page); `rangeSwatch` is that tint over white, for the legend of a download.
 */
export const FORECAST_COLORS = { soFar: "#1d5ef1", projected: "#1d5ef1", range: "#1d5ef1", rangeSwatch: "#bbcffb", goal: "#b45309" } as const;
export const RANGE_OPACITY = 0.3;

const LEGEND = [
  { label: "So far (whole days)", color: FORECAST_COLORS.soFar },
  { label: "Projected, dashed (an estimate), in its shaded range", color: FORECAST_COLORS.rangeSwatch },
  { label: "Target or tier threshold", color: FORECAST_COLORS.goal },
] as const;

export function ForecastPathChart({
  title,
  path,
  goals,
  unit,
  shown,
}: {
  title: string;
  path: readonly ForecastPoint[];
  goals: readonly ForecastGoal[];
  unit: string;
  /** A value as the page says it (the figure's decimals, whole people). */
  shown: (v: string | null) => string;
}) {
  const chartRef = useRef<HTMLDivElement>(null);
  const num = (v: string | null) => (v === null ? null : Number(v));
  const rows: ForecastChartRow[] = path.map((p) => ({ day: p.day, soFar: num(p.soFar), value: num(p.value), low: num(p.low), high: num(p.high) }));
  const first = path[0]?.day ?? "";
  const last = path.at(-1)?.day ?? "";
  const legend = goals.length > 0 ? LEGEND : LEGEND.slice(0, 2);
  // Notes of the period's own days, the projected ones included (a campaign planned for next week).
  const positions = useMemo(() => path.map((p) => ({ bucket: p.day, x: p.day })), [path]);
  const notes = useChartMarkers(positions, { from: first, to: last });
  return (
    <figure className="space-y-2 break-inside-avoid" data-chart-figure="">
      <figcaption className="sr-only">
        {title}, {unit}, cumulative from {first} to {last}: so far, then projected with its range
        {goals.length > 0 ? `, against ${goals.map((g) => g.label).join(", ")}` : ""}. The figures are in the table below the chart.
      </figcaption>
      <p aria-hidden="true" data-chart-edge="top" className="hidden text-xs font-medium text-slate-700 print:block">
        {title} ({unit})
      </p>
      <ChartDownload title={title} legend={legend} chartRef={chartRef} period={{ from: first, to: last }} notes={notes.lines} />
      <div ref={chartRef} className="h-64 w-full print:h-auto" aria-hidden="true" data-chart-canvas="">
        <ForecastPathLines rows={rows} goals={goals} unit={unit} markers={notes.markers} />
      </div>
      <AnnotationList shown={notes.shown} chart={notes.chart} />
      <p aria-hidden="true" data-chart-edge="bottom" className="hidden text-xs text-slate-600 print:block">
        {title}: {first} to {last}
      </p>
      <details className="text-sm print:hidden">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Show the figures as a table</summary>
        <div className="relative mt-2 max-h-64 overflow-auto">
          <table className="w-full text-xs whitespace-nowrap tabular-nums">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left">Day (UTC)</th>
                <th scope="col" className="px-2 text-right">So far, cumulative ({unit})</th>
                <th scope="col" className="px-2 text-right">Projected, cumulative ({unit})</th>
                <th scope="col" className="px-2 text-right">Range</th>
              </tr>
            </thead>
            <tbody>
              {path.map((p) => (
                <tr key={p.day}>
                  <th scope="row" className="px-2 text-left font-normal">{p.day}</th>
                  <td className="px-2 text-right">{p.soFar === null ? "" : shown(p.soFar)}</td>
                  <td className="px-2 text-right">{p.value === null ? "" : shown(p.value)}</td>
                  <td className="px-2 text-right">{p.low === null || p.high === null ? "" : `${shown(p.low)} – ${shown(p.high)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
