/**
 * The Overview's month- or quarter-end forecast as an answer carries it (lib/forecast/overview.ts makes it), and the
 * words every place shows it with. Browser-safe.
 */
import Decimal from "decimal.js";
import type { MetricKey } from "../metrics/definitions";
import type { ForecastPoint } from "./project";

/** The figures projected, each with its one definition (lib/metrics/definitions.ts). */
export const FORECAST_METRICS = ["commissionAllCoins", "volumeAllCoins", "newTraders"] as const satisfies readonly MetricKey[];
export type ForecastMetric = (typeof FORECAST_METRICS)[number];

/** What each figure is counted in (the commission is valued, so ≈), and the decimals it is said with. */
export const FORECAST_UNITS: Readonly<Record<ForecastMetric, string>> = { commissionAllCoins: "≈ USDT", volumeAllCoins: "USDT", newTraders: "people" };
const FORECAST_DP: Readonly<Record<ForecastMetric, number>> = { commissionAllCoins: 2, volumeAllCoins: 0, newTraders: 0 };
/** A figure's number as messages say it, rounded to its decimals (exact text in, no float). */
export const forecastNumber = (key: ForecastMetric, v: string) => new Decimal(v).toFixed(FORECAST_DP[key]);
/** The number with its plain unit: a message says "≈" once, before a projection. */
export const forecastAmount = (key: ForecastMetric, v: string) => `${forecastNumber(key, v)} ${FORECAST_UNITS[key].replace("≈ ", "")}`;

/** One figure's projection: all null with `unavailable` saying why when it cannot be made. */
export interface ForecastFigure {
  value: string | null;
  low: string | null;
  high: string | null;
  soFar: string | null;
  daysDone: number;
  daysLeft: number;
  unavailable: string | null;
  /** Every day of the period, cumulative, for the chart (absent in answers frozen before it was added). */
  path?: ForecastPoint[] | undefined;
}

export interface OverviewForecast {
  period: "month" | "quarter";
  /** The whole period (UTC days) and the day in progress. */
  from: string;
  to: string;
  today: string;
  method: string;
  figures: Record<ForecastMetric, ForecastFigure>;
}

/** The view's range names a period to date that a forecast completes. */
export const FORECAST_PERIODS = { mtd: "month", qtd: "quarter" } as const;
