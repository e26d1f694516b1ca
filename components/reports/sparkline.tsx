"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// recharts arrives after the page's figures: the box keeps its size meanwhile, so nothing moves.
const SparklineArea = dynamic(() => import("./sparkline-area"), { ssr: false, loading: () => <Skeleton className="h-full w-full" /> });

/**
 * A small trend line; decorative (the figure it belongs to is in the text beside it).
 * In print it scales into its box (app/globals.css, [data-sparkline]) instead of keeping the screen's width.
 */
/** `null` points are periods the warehouse does not hold: a gap in the line, never a zero. */
export function Sparkline({ points, color = "#1d5ef1" }: { points: readonly (number | null)[]; color?: string }) {
  return (
    <div className="h-10 w-full break-inside-avoid" aria-hidden="true" data-sparkline="">
      <SparklineArea points={points} color={color} />
    </div>
  );
}
