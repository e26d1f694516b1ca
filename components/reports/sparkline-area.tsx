"use client";

/** The drawing of Sparkline, the only part of it that imports recharts (loaded lazily by sparkline.tsx). */
import { Area, AreaChart, ResponsiveContainer, XAxis } from "recharts";
import { markerLines } from "@/components/annotations/marker-lines";
import type { SparkMarker } from "./sparkline";

export default function SparklineArea({ points, color, markers }: { points: readonly (number | null)[]; color: string; markers: readonly SparkMarker[] }) {
  const data = points.map((v, i) => ({ i, v }));
  // A marker stands at its point's index; in the right half its number goes before the line, inside the box.
  const placed = markers.map((m) => ({ ...m, before: Number(m.x) > (points.length - 1) / 2 }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ top: 2, right: 0, bottom: 2, left: 0 }} accessibilityLayer={false}>
        {/* The markers' axis: the points' indexes, not drawn. As text, so a marker's x matches its category. */}
        <XAxis dataKey={(d: { i: number }) => String(d.i)} hide />
        <Area type="monotone" dataKey="v" connectNulls={false} stroke={color} fill={color} fillOpacity={0.15} strokeWidth={1.5} isAnimationActive={false} />
        {markerLines(placed, "sparkline")}
      </AreaChart>
    </ResponsiveContainer>
  );
}
