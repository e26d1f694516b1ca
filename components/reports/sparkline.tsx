"use client";

import { Area, AreaChart, ResponsiveContainer } from "recharts";

/**
 * A small trend line; decorative (the figure it belongs to is in the text beside it).
 * In print it scales into its box (app/globals.css, [data-sparkline]) instead of keeping the screen's width.
 */
export function Sparkline({ points, color = "#1d5ef1" }: { points: readonly number[]; color?: string }) {
  const data = points.map((v, i) => ({ i, v }));
  return (
    <div className="h-10 w-full break-inside-avoid" aria-hidden="true" data-sparkline="">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 2, right: 0, bottom: 2, left: 0 }} accessibilityLayer={false}>
          <Area type="monotone" dataKey="v" stroke={color} fill={color} fillOpacity={0.15} strokeWidth={1.5} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
