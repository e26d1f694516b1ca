/**
 * Which period a view's forecast projects, if any: a month- or quarter-to-date view ("mtd", "qtd"), or a custom range
 * with fixed days made from one (a share link with fixed dates, the app's own PDF, which prints through one) while it
 * still is one — it starts on the first day of its month or quarter and ends today, today partial. Once its last day
 * is past, its days are no longer "to date" and nothing is projected. Pure and browser-safe.
 */
import type { ResolvedDateRange } from "../url-state/date-range";
import { FORECAST_PERIODS } from "./types";

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

export type ForecastPreset = keyof typeof FORECAST_PERIODS;

/** The first day of the month or quarter holding `day` (YYYY-MM-DD). */
export function periodStart(day: string, period: "month" | "quarter"): string {
  const month = Number(day.slice(5, 7));
  const first = period === "month" ? month : Math.floor((month - 1) / 3) * 3 + 1;
  return `${day.slice(0, 4)}-${String(first).padStart(2, "0")}-01`;
}

/** The last day of the month or quarter `from` starts (YYYY-MM-DD). */
export function periodEnd(from: string, period: "month" | "quarter"): string {
  const d = new Date(dayMs(from));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + (period === "month" ? 1 : 3), 1) - DAY_MS).toISOString().slice(0, 10);
}

/** The whole month or quarter a view's forecast projects (its first to its last day), null when it projects none. */
export function forecastDaysOf(range: Pick<ResolvedDateRange, "state" | "from" | "to" | "endTime">): { from: string; to: string } | null {
  const preset = forecastPresetOf(range);
  return preset === null ? null : { from: range.from, to: periodEnd(range.from, FORECAST_PERIODS[preset]) };
}

export function forecastPresetOf(range: Pick<ResolvedDateRange, "state" | "from" | "to" | "endTime">): ForecastPreset | null {
  const { state } = range;
  if (state.range === "mtd" || state.range === "qtd") return state.range;
  if (state.range !== "custom" || (state.calendar !== "mtd" && state.calendar !== "qtd")) return null;
  // Today is in the range when its end is capped at now, before the last day's end.
  const endsToday = range.endTime < dayMs(range.to) + DAY_MS - 1;
  return endsToday && range.from === periodStart(range.to, FORECAST_PERIODS[state.calendar]) ? state.calendar : null;
}
