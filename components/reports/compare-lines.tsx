"use client";

/**
 * The drawing of ComparedPeriodsChart, its only module that imports recharts
 * (loaded lazily by compare-chart.tsx): this period as a solid line, the
 * previous period dashed, one point per position in the period.
 */
import { CartesianGrid, Legend, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCompact, formatDecimal } from "@/lib/format/decimal";
import { PACE_COLOR, type ComparedRow, type CompareSeries, type PaceGoal } from "./compare-chart";
import { NOT_SYNCED_FILL } from "./coverage-legend";
import { markerLines } from "@/components/annotations/marker-lines";
import type { ChartMarker } from "@/lib/annotations/markers";

type BandKind = "both" | "now" | "before";
/** A band's words, two short lines: a one-period band is often a few positions wide (at phone width too). */
const BAND_WORDS: Record<BandKind, readonly [string, string]> = { both: ["not synced", ""], now: ["this period", "not synced"], before: ["previous", "not synced"] };

/** The band's label at its top right edge, running leftwards, so a narrow band at the chart's end is not cut off. */
function BandLabel({ viewBox, words }: { viewBox?: { x?: number; y?: number; width?: number }; words: readonly [string, string] }) {
  const right = (viewBox?.x ?? 0) + (viewBox?.width ?? 0) - 4;
  const top = (viewBox?.y ?? 0) + 14;
  return (
    <text x={right} y={top} textAnchor="end" fontSize={11} fill="#64748b">
      <tspan x={right}>{words[0]}</tspan>
      {words[1] ? (
        <tspan x={right} dy={13}>
          {words[1]}
        </tspan>
      ) : null}
    </text>
  );
}

/** Runs of consecutive positions where a line's bucket is not synced, by which line: one grey band each. */
function notSyncedRuns(rows: readonly ComparedRow[]): Array<{ from: string; to: string; kind: BandKind }> {
  const runs: Array<{ from: string; to: string; kind: BandKind }> = [];
  let previous: BandKind | null = null;
  for (const r of rows) {
    const now = r.state === "uncovered";
    const before = r.previousState === "uncovered";
    const kind: BandKind | null = now && before ? "both" : now ? "now" : before ? "before" : null;
    const last = runs.at(-1);
    if (kind && last && previous === kind) last.to = r.label;
    else if (kind) runs.push({ from: r.label, to: r.label, kind });
    previous = kind;
  }
  return runs;
}

/**
 * A point's dot: a partly synced point an open dot, so its smaller figure is not read as a drop; a point with no drawn
 * neighbour (a one-day period such as the 1st of the month to date, or a value between two gaps) a filled dot, since a
 * line needs two points and it would not show at all; no dot elsewhere.
 */
export function pointDot(rows: readonly ComparedRow[], key: CompareSeries["key"], color: string) {
  const valueAt = (i: number) => {
    const row = rows[i];
    return row === undefined ? null : key === "now" ? row.now : row.before;
  };
  function PointDot(props: { cx?: number; cy?: number; index?: number }) {
    const index = props.index ?? -1;
    const row = rows[index];
    if (row === undefined || props.cx === undefined || props.cy === undefined || valueAt(index) === null) return <g />;
    const partial = (key === "now" ? row.state : row.previousState) === "partial";
    if (partial) return <circle cx={props.cx} cy={props.cy} r={4} fill="none" stroke={color} strokeWidth={2} />;
    const alone = valueAt(index - 1) === null && valueAt(index + 1) === null;
    return alone ? <circle cx={props.cx} cy={props.cy} r={3.5} fill={color} stroke={color} data-lone-point /> : <g />;
  }
  return PointDot;
}

/** Axis ticks: compact for whole amounts; two significant digits below 1 (BTC commissions), where compact reads "0.00". */
function tick(v: number): string {
  if (v === 0 || Math.abs(v) >= 1) return formatCompact(String(v));
  return Number(v.toPrecision(2)).toFixed(10).replace(/0+$/, "");
}

export default function CompareLines({
  rows,
  series,
  unit,
  markers,
  goals = [],
}: {
  rows: readonly ComparedRow[];
  series: readonly [CompareSeries, CompareSeries];
  unit: string;
  markers: readonly ChartMarker[];
  /** Goals' daily paces: a dashed horizontal line each, labelled (the domain grows to hold it). */
  goals?: readonly PaceGoal[];
}) {
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
            const state = item.dataKey === "now" ? row?.state : row?.previousState;
            if (state === "uncovered") return ["not synced", String(name)];
            const partly = state === "partial" ? " (partly synced)" : "";
            return [exact == null ? "—" : `${formatDecimal(exact, { maxDp: 8 })} ${unit}${partly}`, String(name)];
          }}
          contentStyle={{ fontSize: 12 }}
        />
        {notSyncedRuns(rows).map((run) => (
          // No point and no zero: a band that says the warehouse does not hold these positions (of both periods, or of one).
          <ReferenceArea
            key={run.from}
            x1={run.from}
            x2={run.to}
            fill={NOT_SYNCED_FILL}
            fillOpacity={run.kind === "both" ? 0.25 : 0.12}
            stroke={NOT_SYNCED_FILL}
            strokeDasharray="4 3"
            ifOverflow="extendDomain"
            label={run.kind === "both" ? { value: BAND_WORDS.both[0], position: "insideTop", fontSize: 11, fill: "#64748b" } : <BandLabel words={BAND_WORDS[run.kind]} />}
          />
        ))}
        {goals.map((g) => (
          <ReferenceLine
            key={g.id}
            y={g.value}
            stroke={PACE_COLOR}
            strokeDasharray="6 3"
            strokeWidth={1.5}
            ifOverflow="extendDomain"
            label={{ value: g.label, position: "insideTopLeft", fontSize: 11, fill: PACE_COLOR }}
            data-goal-pace={g.id}
          />
        ))}
        {markerLines(markers)}
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            strokeDasharray={s.dashed ? "5 4" : undefined}
            dot={pointDot(rows, s.key, s.color)}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
