/**
 * Targets and tier thresholds as the API and pages see them, their periods' keys, and the figures they may be set on:
 * the forecast's (lib/forecast/types.ts), so progress always has a projection beside it. Browser-safe.
 */
import { FORECAST_METRICS, FORECAST_UNITS, type ForecastMetric } from "../forecast/types";

export const TARGET_KINDS = ["target", "tier"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export const TARGET_METRICS = FORECAST_METRICS;
export type TargetMetric = ForecastMetric;
export const TARGET_PERIODS = ["month", "quarter"] as const;
export type TargetPeriod = (typeof TARGET_PERIODS)[number];
export const TIER_NAME_MAX = 80;
/** What a target's value is counted in: its figure's unit. */
export const TARGET_UNITS = FORECAST_UNITS;

export interface Target {
  id: string;
  kind: TargetKind;
  /** A tier's name; a target's optional note. */
  name: string | null;
  metric: TargetMetric;
  period: TargetPeriod;
  /** A target's month (YYYY-MM) or quarter (YYYY-Qn); null for a tier (every period). */
  starts: string | null;
  /** Decimal text, above 0 (a whole number for new traders). */
  value: string;
  updatedAt: number;
  updatedByEmail: string;
}

/** The key of the month or quarter holding a UTC day (YYYY-MM-DD): "2026-11", "2026-Q4". */
export function periodKey(day: string, period: TargetPeriod): string {
  if (period === "month") return day.slice(0, 7);
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A period key in words: "Nov 2026", "Q4 2026". */
export function periodKeyInWords(key: string): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(key);
  if (quarter) return `Q${quarter[2]} ${quarter[1]}`;
  return `${MONTHS[Number(key.slice(5, 7)) - 1] ?? key} ${key.slice(0, 4)}`;
}
