"use client";

/**
 * The drawing of ForecastPathChart, its only module that imports recharts (loaded lazily): the period's cumulative
 * figure, held days as a solid line, the projection dashed from the last whole day to the period's end inside its
 * shaded range, each goal (a target or tier threshold) as a labelled horizontal line, and the period's annotations.
 */
import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { markerLines } from "@/components/annotations/marker-lines";
import type { ChartMarker } from "@/lib/annotations/markers";
import { formatCompact, formatDecimal } from "@/lib/format/decimal";
import { FORECAST_COLORS, RANGE_OPACITY, type ForecastChartRow, type ForecastGoal } from "./forecast-path-chart";

export default function ForecastPathLines({
  rows,
  goals,
  unit,
  markers,
}: {
  rows: readonly ForecastChartRow[];
  goals: readonly ForecastGoal[];
  unit: string;
  /** The annotations of the period's days (components/annotations/marker-lines.tsx). */
  markers: readonly ChartMarker[];
}) {
  // The range as a band: recharts draws an area between two values given as a [low, high] pair.
  const data = rows.map((r) => ({ ...r, range: r.low === null || r.high === null ? null : [r.low, r.high] }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-slate-200 dark:stroke-slate-800" vertical={false} />
        <XAxis dataKey="day" tick={{ fontSize: 11 }} minTickGap={24} />
        {/* People are whole: no 45.00 on the new traders' axis. */}
        <YAxis tick={{ fontSize: 11 }} width={64} allowDecimals={unit !== "people"} tickFormatter={(v: number) => (unit === "people" ? formatCompact(v, { dp: 0 }) : formatCompact(v))} />
        <Tooltip
          formatter={(value: unknown, name) => {
            if (Array.isArray(value)) return [`${formatDecimal(String(value[0]))} – ${formatDecimal(String(value[1]))} ${unit}`, name];
            return [value === null || value === undefined ? "—" : `${formatDecimal(String(value))} ${unit}`, name];
          }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Area dataKey="range" name="Projected range" stroke="none" fill={FORECAST_COLORS.range} fillOpacity={RANGE_OPACITY} isAnimationActive={false} connectNulls={false} />
        <Line dataKey="soFar" name="So far (whole days)" stroke={FORECAST_COLORS.soFar} strokeWidth={2} dot={false} isAnimationActive={false} connectNulls={false} />
        <Line dataKey="value" name="Projected (an estimate)" stroke={FORECAST_COLORS.projected} strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} connectNulls={false} />
        {goals.map((g) => (
          <ReferenceLine
            key={g.id}
            y={g.value}
            stroke={FORECAST_COLORS.goal}
            strokeDasharray="2 3"
            ifOverflow="extendDomain"
            label={{ value: g.label, position: "insideTopLeft", fontSize: 11, fill: FORECAST_COLORS.goal }}
          />
        ))}
        {markerLines(markers)}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
