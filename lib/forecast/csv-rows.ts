/**
 * The forecast as CSV rows (the Overview's "forecast" table): one per projected figure, in the figure's own unit, with
 * the period, the day it was made on and the method, so a row read alone still says it is an estimate and how made.
 * A figure that cannot be projected has blank amounts and the reason, never a 0. Browser-safe and pure.
 */
import { metric } from "../metrics/definitions";
import { FORECAST_METRICS, FORECAST_UNITS, type ForecastMetric, type OverviewForecast } from "./types";

export interface ForecastCsvRow {
  figure: ForecastMetric;
  label: string;
  unit: string;
  periodFrom: string;
  periodTo: string;
  madeOn: string;
  daysDone: number;
  daysLeft: number;
  soFar: string;
  projected: string;
  low: string;
  high: string;
  notProjected: string;
  method: string;
}

/** No forecast (any range but month or quarter to date): no rows. */
export function forecastCsvRows(forecast: OverviewForecast | null | undefined): ForecastCsvRow[] {
  if (!forecast) return [];
  return FORECAST_METRICS.map((key) => {
    const f = forecast.figures[key];
    return {
      figure: key,
      label: metric(key).label,
      unit: FORECAST_UNITS[key],
      periodFrom: forecast.from,
      periodTo: forecast.to,
      madeOn: forecast.today,
      daysDone: f.daysDone,
      daysLeft: f.daysLeft,
      soFar: f.soFar ?? "",
      projected: f.value ?? "",
      low: f.low ?? "",
      high: f.high ?? "",
      notProjected: f.unavailable ?? "",
      method: forecast.method,
    };
  });
}
