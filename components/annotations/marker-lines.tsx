"use client";

/**
 * The annotations' vertical markers inside a recharts chart: a dashed amber line at each position, its list numbers at
 * the top, the notes as the SVG's <title> (a tooltip on hover). Part of the chart's <svg>, so the PNG and SVG
 * downloads and the printed page carry them as drawn. Called as a function so the lines are the chart's own children.
 */
import { ReferenceLine } from "recharts";
import type { ChartMarker } from "@/lib/annotations/markers";

export const MARKER_COLOR = "#b45309";

/** A full chart's marker, or a sparkline's (a card's 40 px trend): the same line and number, drawn smaller. */
const SIZES = { chart: { font: 11, stroke: 1.5, dx: 3, dy: 10 }, sparkline: { font: 9, stroke: 1, dx: 2, dy: 8 } } as const;
type Size = keyof typeof SIZES;
/** `before`: the number stands before the line (a sparkline's right half, which has no margin for it after the line). */
export type PlacedMarker = ChartMarker & { before?: boolean };

/** Numbers of neighbouring markers alternate between two rows, so two notes on adjacent days never print as "12". */
const rowOf = (index: number, size: Size) => (index % 2) * (SIZES[size].font + 2);

function MarkerLabel({ viewBox, marker, size, row }: { viewBox?: { x?: number; y?: number }; marker: PlacedMarker; size: Size; row: number }) {
  const x = viewBox?.x ?? 0;
  const y = (viewBox?.y ?? 0) + SIZES[size].dy + row;
  return (
    <g data-annotation-marker={marker.label}>
      <title>{`Annotation ${marker.label}: ${marker.title}`}</title>
      <text x={marker.before ? x - SIZES[size].dx : x + SIZES[size].dx} y={y} textAnchor={marker.before ? "end" : undefined} fontSize={SIZES[size].font} fontWeight={600} fill={MARKER_COLOR}>
        {marker.label}
      </text>
    </g>
  );
}

export function markerLines(markers: readonly PlacedMarker[], size: Size = "chart") {
  return markers.map((m, i) => (
    <ReferenceLine
      key={`annotation-${m.x}`}
      x={m.x}
      stroke={MARKER_COLOR}
      strokeDasharray="3 3"
      strokeWidth={SIZES[size].stroke}
      ifOverflow="extendDomain"
      label={<MarkerLabel marker={m} size={size} row={size === "chart" ? rowOf(i, size) : 0} />}
    />
  ));
}
