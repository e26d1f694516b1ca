"use client";

/**
 * The drawing of StackedSeriesChart, and the only module of it that imports
 * recharts: series-chart.tsx loads it lazily, so the chart library travels
 * only to pages that draw a chart, after their first paint.
 */
import { Bar, BarChart, CartesianGrid, Cell, Legend, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { exactAmount } from "@/lib/format/amount";
import { formatTick, niceTicks } from "@/lib/format/ticks";
import type { BucketState } from "@/lib/reports/coverage";
import { NOT_SYNCED_FILL } from "./coverage-legend";
import type { SeriesDef } from "./series-chart";
import { markerLines } from "@/components/annotations/marker-lines";
import type { ChartMarker } from "@/lib/annotations/markers";

/** Runs of consecutive buckets the warehouse does not hold: one grey band each. */
function uncoveredRuns(buckets: readonly string[], states: ReadonlyMap<string, BucketState>): Array<{ from: string; to: string }> {
  const runs: Array<{ from: string; to: string }> = [];
  let open: { from: string; to: string } | null = null;
  for (const bucket of buckets) {
    if (states.get(bucket) === "uncovered") {
      if (open) open.to = bucket;
      else runs.push((open = { from: bucket, to: bucket }));
    } else open = null;
  }
  return runs;
}

export default function StackedBars({
  data,
  series,
  values,
  unit,
  states,
  markers,
}: {
  data: ReadonlyArray<Record<string, string | number | null>>;
  series: readonly SeriesDef[];
  values: ReadonlyMap<string, ReadonlyMap<string, string>>;
  unit: string;
  /** Coverage per bucket (absent: covered). */
  states: ReadonlyMap<string, BucketState>;
  /** The annotations' markers (x: a bucket). */
  markers: readonly ChartMarker[];
}) {
  const buckets = data.map((d) => String(d.bucket));
  // Round ticks over the stacks' lowest and highest sums (positive and negative parts stack apart).
  let low = 0;
  let high = 0;
  for (const row of data) {
    let up = 0;
    let down = 0;
    for (const s of series) {
      const v = Number(row[s.key] ?? 0);
      if (v >= 0) up += v;
      else down += v;
    }
    high = Math.max(high, up);
    low = Math.min(low, down);
  }
  // Every figure whole (counts): whole ticks too.
  const whole = data.every((row) => series.every((s) => Number.isInteger(Number(row[s.key] ?? 0))));
  const ticks = niceTicks(low, high, 4, { whole });
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-slate-200 dark:stroke-slate-800" vertical={false} />
        <XAxis dataKey="bucket" tick={{ fontSize: 11 }} tickLine={false} minTickGap={24} />
        <YAxis
          tick={{ fontSize: 11 }}
          tickLine={false}
          axisLine={false}
          width={56}
          domain={[ticks[0]!, ticks.at(-1)!]}
          ticks={ticks}
          interval={0}
          tickFormatter={(v: number) => formatTick(v, ticks)}
        />
        {uncoveredRuns(buckets, states).map((run) => (
          // No bar and no zero: a band that says the warehouse does not hold these periods.
          <ReferenceArea
            key={run.from}
            x1={run.from}
            x2={run.to}
            fill={NOT_SYNCED_FILL}
            fillOpacity={0.25}
            stroke={NOT_SYNCED_FILL}
            strokeDasharray="4 3"
            ifOverflow="extendDomain"
            label={{ value: "not synced", position: "insideTop", fontSize: 11, fill: "#64748b" }}
          />
        ))}
        <Tooltip
          // The exact decimal of the bar (every digit), not the float it was drawn with.
          formatter={(_value, name, item) => {
            const bucket = String((item.payload as { bucket?: unknown }).bucket);
            if (states.get(bucket) === "uncovered") return ["not synced", String(name)];
            const exact = values.get(bucket)?.get(String(item.dataKey)) ?? "0";
            const partly = states.get(bucket) === "partial" ? " (partly synced)" : "";
            return [`${exactAmount(exact, unit)}${partly}`, String(name)];
          }}
          contentStyle={{ fontSize: 12 }}
        />
        {markerLines(markers)}
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId="a" fill={s.color} isAnimationActive={false}>
            {buckets.map((bucket) => (
              // A partly synced period: the same bar, faded, so its smaller total is not read as a drop.
              <Cell key={bucket} fillOpacity={states.get(bucket) === "partial" ? 0.4 : 1} />
            ))}
          </Bar>
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
