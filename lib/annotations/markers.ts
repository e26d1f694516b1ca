/**
 * Where a chart draws its annotations: one marker per axis position holding any, numbered as the list under the
 * chart numbers them (several notes in one week read "2, 3"). Pure, browser-safe.
 */
import { annotationScopeWords, bucketFor, type Annotation } from "./types";

export interface ChartMarker {
  /** The x-axis value the marker stands at (the category the chart's axis reads). */
  x: string;
  /** "1" or "2, 3": the list's numbers of the notes at this position. */
  label: string;
  /** The notes in words, for the marker's tooltip: "2026-11-02: Campaign launched". */
  title: string;
}

/**
 * `positions` are the chart's buckets in order (their first days, YYYY-MM-DD) with the axis value each is drawn at;
 * `shown` the notes in the order the list numbers them.
 */
export function chartMarkers(shown: readonly Annotation[], positions: ReadonlyArray<{ bucket: string; x: string }>): ChartMarker[] {
  const buckets = positions.map((p) => p.bucket);
  const axis = new Map(positions.map((p) => [p.bucket, p.x]));
  const byX = new Map<string, { numbers: number[]; words: string[] }>();
  shown.forEach((a, i) => {
    const bucket = bucketFor(a.day, buckets);
    const x = bucket === null ? undefined : axis.get(bucket);
    if (x === undefined) return;
    const at = byX.get(x) ?? { numbers: [], words: [] };
    at.numbers.push(i + 1);
    at.words.push(`${a.day}: ${a.text}`);
    byX.set(x, at);
  });
  return [...byX].map(([x, at]) => ({ x, label: at.numbers.join(", "), title: at.words.join("\n") }));
}

/** A note as the list under a chart numbers it, in words: "1. 2026-11-02 Campaign launched (invite code AAA)". */
export function annotationLine(a: Annotation, index: number): string {
  const tied = annotationScopeWords(a);
  return `${index + 1}. ${a.day} ${a.text}${tied ? ` (${tied})` : ""}`;
}
