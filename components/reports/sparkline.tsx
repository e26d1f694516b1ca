"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";
import type { ChartMarker } from "@/lib/annotations/markers";
import { countOf } from "@/lib/format/plural";

// recharts arrives after the page's figures: the box keeps its size meanwhile, so nothing moves.
const SparklineArea = dynamic(() => import("./sparkline-area"), { ssr: false, loading: () => <Skeleton className="h-full w-full" /> });

/** An annotation's marker on a sparkline: `x` is the index of its point (as text), as chartMarkers placed it. */
export type SparkMarker = ChartMarker;

const NONE: readonly SparkMarker[] = [];

/**
 * A small trend line; decorative (the figure it belongs to is in the text beside it), unless it marks annotations: then
 * it is an image named by its notes, in the words of the list under the Overview's trend (`notes`), so a screen
 * reader hears what the markers say; each marker's <title> names its notes on hover, as on the other charts.
 * In print it scales into its box (app/globals.css, [data-sparkline]) instead of keeping the screen's width.
 * `null` points are periods the warehouse does not hold: a gap in the line, never a zero.
 */
export function Sparkline({
  points,
  color = "#1d5ef1",
  name,
  markers = NONE,
  notes = [],
}: {
  points: readonly (number | null)[];
  color?: string;
  /** The figure the trend is of, for the image's name when it marks notes. */
  name?: string;
  markers?: readonly SparkMarker[];
  notes?: readonly string[];
}) {
  const marked = markers.length > 0 && notes.length > 0;
  const label = marked ? `${name ? `${name}: trend` : "Trend"} marked with ${countOf(notes.length, "annotation")}: ${notes.join("; ")}` : undefined;
  return (
    <div className="h-10 w-full break-inside-avoid" {...(marked ? { role: "img", "aria-label": label } : { "aria-hidden": true })} data-sparkline="">
      <SparklineArea points={points} color={color} markers={markers} />
    </div>
  );
}
