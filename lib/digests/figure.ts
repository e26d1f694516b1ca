/**
 * One headline figure of a report — what a digest puts in its body — and the
 * helpers each report's definition (lib/reports/<name>/index.ts) builds its
 * figures with. Money keeps its coin (one figure per coin where a report has
 * several: coins are never added). Pure, browser-safe.
 */
export type FigureUnit = { kind: "money"; coin: string } | { kind: "count" } | { kind: "ratio" };

export interface HeadlineFigure {
  /** Stable across runs (the coin is part of it where a report has one row per coin). */
  key: string;
  label: string;
  unit: FigureUnit;
  /** Exact decimal text; null where the report has no value (a rate without fee). */
  value: string | null;
}

export const usdt = { kind: "money", coin: "USDT" } as const;
export const countUnit = { kind: "count" } as const;
export const ratioUnit = { kind: "ratio" } as const;
export const coinUnit = (coin: string): FigureUnit => ({ kind: "money", coin });
export const fig = (key: string, label: string, unit: FigureUnit, value: string | number | null): HeadlineFigure => ({
  key,
  label,
  unit,
  value: value === null ? null : String(value),
});
