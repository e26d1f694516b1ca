"use client";

/**
 * The drawing of StackedSeriesChart, and the only module of it that imports
 * recharts: series-chart.tsx loads it lazily, so the chart library travels
 * only to pages that draw a chart, after their first paint.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCompact, formatDecimal } from "@/lib/format/decimal";
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
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...data]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-slate-200 dark:stroke-slate-800" vertical={false} />
        <XAxis dataKey="bucket" tick={{ fontSize: 11 }} tickLine={false} minTickGap={24} />
        <YAxis tick={{ fontSize: 11 }} tickLine={false} axisLine={false} width={56} tickFormatter={(v: number) => formatCompact(String(v))} />
        <Tooltip
          // The exact decimal of the bar, not the float it was drawn with.
          formatter={(_value, name, item) => {
            const bucket = String((item.payload as { bucket?: unknown }).bucket);
            const exact = values.get(bucket)?.get(String(item.dataKey)) ?? "0";
            return [`${formatDecimal(exact, { maxDp: 8 })} ${unit}`, String(name)];
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
