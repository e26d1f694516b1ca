"use client";

/** The drawing of Sparkline, the only part of it that imports recharts (loaded lazily by sparkline.tsx). */
import { Area, AreaChart, ResponsiveContainer } from "recharts";

export default function SparklineArea({ points, color }: { points: readonly (number | null)[]; color: string }) {
  const data = points.map((v, i) => ({ i, v }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={data} margin={{ top: 2, right: 0, bottom: 2, left: 0 }} accessibilityLayer={false}>
        <Area type="monotone" dataKey="v" connectNulls={false} stroke={color} fill={color} fillOpacity={0.15} strokeWidth={1.5} isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
