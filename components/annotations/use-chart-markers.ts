"use client";

import { useMemo } from "react";
import { annotationLine, chartMarkers, type ChartMarker } from "@/lib/annotations/markers";
import type { Annotation } from "@/lib/annotations/types";
import { useChartAnnotations, type ChartAnnotations } from "./use-chart-annotations";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ChartNotes {
  /** The notes this chart shows, in the list's order. */
  shown: readonly Annotation[];
  markers: readonly ChartMarker[];
  /** The list in words for the PNG/SVG download: "1. 2026-11-02 Campaign launched (invite code AAA)". */
  lines: readonly string[];
  chart: ChartAnnotations;
}

/**
 * A time chart's annotations: the page's (use-chart-annotations) placed on its positions. A chart whose positions are
 * not days (bars per invite code) is no time chart and shows none. `days`: a chart of its own days (see
 * useChartAnnotations) shows only the notes within them — a share link's chosen notes are those of the view's days.
 */
export function useChartMarkers(positions: ReadonlyArray<{ bucket: string; x: string }>, days?: { from: string; to: string }): ChartNotes {
  const chart = useChartAnnotations(days);
  const from = days?.from;
  const to = days?.to;
  return useMemo(() => {
    const timeline = positions.length > 0 && positions.every((p) => DAY.test(p.bucket));
    const within = (a: Annotation) => from === undefined || to === undefined || (a.day >= from && a.day <= to);
    const shown = timeline ? chart.annotations.filter(within) : [];
    const lines = shown.map(annotationLine);
    return { shown, markers: chartMarkers(shown, positions), lines, chart: timeline ? chart : { ...chart, editable: false } };
  }, [positions, chart, from, to]);
}
