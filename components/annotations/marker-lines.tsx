"use client";

/**
 * The annotations' vertical markers inside a recharts chart: a dashed amber line at each position, its list numbers at
 * the top, the notes as the SVG's <title> (a tooltip on hover). Part of the chart's <svg>, so the PNG and SVG
 * downloads and the printed page carry them as drawn. Called as a function so the lines are the chart's own children.
 */
import { ReferenceLine } from "recharts";
import type { ChartMarker } from "@/lib/annotations/markers";

export const MARKER_COLOR = "#b45309";

function MarkerLabel({ viewBox, marker }: { viewBox?: { x?: number; y?: number }; marker: ChartMarker }) {
  const x = viewBox?.x ?? 0;
  const y = (viewBox?.y ?? 0) + 10;
  return (
    <g data-annotation-marker={marker.label}>
      <title>{`Annotation ${marker.label}: ${marker.title}`}</title>
      <text x={x + 3} y={y} fontSize={11} fontWeight={600} fill={MARKER_COLOR}>
        {marker.label}
      </text>
    </g>
  );
}

export function markerLines(markers: readonly ChartMarker[]) {
  return markers.map((m) => (
    <ReferenceLine key={`annotation-${m.x}`} x={m.x} stroke={MARKER_COLOR} strokeDasharray="3 3" strokeWidth={1.5} ifOverflow="extendDomain" label={<MarkerLabel marker={m} />} />
  ));
}
