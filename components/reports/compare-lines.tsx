"use client";

/**
 * The drawing of ComparedPeriodsChart, its only module that imports recharts
 * (loaded lazily by compare-chart.tsx): this period as a solid line, the
 * previous period dashed, one point per position in the period.
 */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCompact, formatDecimal } from "@/lib/format/decimal";
import type { ComparedRow, CompareSeries } from "./compare-chart";

/** Axis ticks: compact for whole amounts; two significant digits below 1 (BTC commissions), where compact reads "0.00". */
function tick(v: number): string {
  if (v === 0 || Math.abs(v) >= 1) return formatCompact(String(v));
  return Number(v.toPrecision(2)).toFixed(10).replace(/0+$/, "");
}

export default function CompareLines({ rows, series, unit }: { rows: readonly ComparedRow[]; series: readonly [CompareSeries, CompareSeries]; unit: string }) {
  // Numbers only to draw: a missing position (the other period is longer) stays a gap, never a zero.
  const data = rows.map((r, i) => ({ i, label: r.label, now: r.now === null ? null : Number(r.now), before: r.before === null ? null : Number(r.before) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-slate-200 dark:stroke-slate-800" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} tickLine={false} minTickGap={24} />
        <YAxis tick={{ fontSize: 11 }} tickLine={false} axisLine={false} width={64} tickFormatter={tick} />
        <Tooltip
          // The exact decimals and both periods' own dates, not the floats the lines were drawn with.
          labelFormatter={(_label, payload) => {
            const row = rows[Number((payload[0]?.payload as { i?: unknown } | undefined)?.i)];
            return row ? `${row.bucket ?? "—"} vs ${row.previousBucket ?? "—"}` : "";
          }}
          formatter={(_value, name, item) => {
            const row = rows[Number((item.payload as { i?: unknown }).i)];
            const exact = item.dataKey === "now" ? row?.now : row?.before;
            return [exact == null ? "—" : `${formatDecimal(exact, { maxDp: 8 })} ${unit}`, String(name)];
          }}
          contentStyle={{ fontSize: 12 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dashed ? "5 4" : undefined}
            dot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
