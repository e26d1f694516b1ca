/**
 * Targets and tier thresholds as the API and pages see them, their periods' keys, and the figures they may be set on:
 * the forecast's (lib/forecast/types.ts), whose progress has a projection beside it, and the Overview's other period
 * figures with a definition (lib/metrics/definitions.ts) and a month- or quarter-to-date value on its cards, whose
 * progress is the card's value so far, with no projection. Browser-safe.
 */
import { FORECAST_METRICS, FORECAST_UNITS, type ForecastMetric } from "../forecast/types";
import type { MetricKey } from "../metrics/definitions";
import type { OverviewFigure } from "../reports/overview/contract";

export const TARGET_KINDS = ["target", "tier"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
/**
 * The Overview's period figures with no forecast, each a card of the same key (lib/reports/overview/contract.ts):
 * commission and net fee of the USDT items, new invitees, invitees with commission items, net deposits. Not the
 * effective rate (a rate of the period, not an amount that adds up to a goal) nor deposits alone (not on the Overview).
 */
export const PERIOD_METRICS = ["commission", "netFee", "newInvitees", "activeTraders", "netDeposits"] as const satisfies readonly (MetricKey & OverviewFigure)[];
export type PeriodMetric = (typeof PERIOD_METRICS)[number];
export const TARGET_METRICS = [...FORECAST_METRICS, ...PERIOD_METRICS] as const;
export type TargetMetric = ForecastMetric | PeriodMetric;
export const TARGET_PERIODS = ["month", "quarter"] as const;
export type TargetPeriod = (typeof TARGET_PERIODS)[number];
export const TIER_NAME_MAX = 80;
/** What a target's value is counted in: its figure's unit (≈ for a valued estimate, people for counts). */
export const TARGET_UNITS: Readonly<Record<TargetMetric, string>> = {
  ...FORECAST_UNITS,
  commission: "USDT",
  netFee: "USDT",
  newInvitees: "people",
  activeTraders: "people",
  netDeposits: "USDT",
};

const FORECAST_SET: ReadonlySet<string> = new Set(FORECAST_METRICS);
/** The figure has a projection (lib/forecast): its progress is judged against it. */
export const isForecastMetric = (m: TargetMetric): m is ForecastMetric => FORECAST_SET.has(m);
/** People are whole: a target on a count is a whole number. */
export const isCountMetric = (m: string): boolean => (TARGET_METRICS as readonly string[]).includes(m) && TARGET_UNITS[m as TargetMetric] === "people";

export interface Target {
  id: string;
  kind: TargetKind;
  /** A tier's name; a target's optional note. */
  name: string | null;
  metric: TargetMetric;
  period: TargetPeriod;
  /** A target's month (YYYY-MM) or quarter (YYYY-Qn); null for a tier (every period). */
  starts: string | null;
  /** Decimal text, above 0 (a whole number for a count of people). */
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
