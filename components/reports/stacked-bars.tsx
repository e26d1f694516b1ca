"use client";

/**
 * The drawing of StackedSeriesChart, and the only module of it that imports
 * recharts: series-chart.tsx loads it lazily, so the chart library travels
 * only to pages that draw a chart, after their first paint.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { exactAmount } from "@/lib/format/amount";
import { formatTick, niceTicks } from "@/lib/format/ticks";
import type { SeriesDef } from "./series-chart";

export default function StackedBars({
  data,
  series,
  values,
  unit,
}: {
  data: ReadonlyArray<Record<string, string | number>>;
  series: readonly SeriesDef[];
  values: ReadonlyMap<string, ReadonlyMap<string, string>>;
  unit: string;
}) {
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
  const ticks = niceTicks(low, high);
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
        <Tooltip
          // The exact decimal of the bar (every digit), not the float it was drawn with.
          formatter={(_value, name, item) => {
            const bucket = String((item.payload as { bucket?: unknown }).bucket);
            const exact = values.get(bucket)?.get(String(item.dataKey)) ?? "0";
            return [exactAmount(exact, unit), String(name)];
          }}
          contentStyle={{ fontSize: 12 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId="a" fill={s.color} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
