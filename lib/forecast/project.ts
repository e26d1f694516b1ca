/**
 * A period's projected end value (issue #28's forecast), from the days so far and the same weekdays of recent weeks:
 * the whole days so far as they are, plus each day still to come (today included, as it is not over) at the average
 * of the last four of its weekday before today; the range takes each such day at the lowest and at the highest of
 * those four. Pure and browser-safe: the Overview, the digest and the backtest (bench/forecast-backtest.ts) share it.
 *
 * Honest where it cannot say: a day of the period so far, or of the four weeks it reads, that the warehouse does not
 * hold (not synced, or for a valued figure a day's price not held) makes the forecast unavailable, with the reason in
 * words — never a projection over a gap counted as 0.
 */
import { Exact } from "../decimal/exact";

/** How many weeks of each weekday a day still to come is read from. */
export const FORECAST_WEEKS = 4;

export const FORECAST_METHOD =
  "The whole days so far, plus each day still to come (today included) at the average of the same weekday over the last four weeks; the range puts each such day at the lowest and at the highest of those four.";

export interface ForecastInput {
  /** The period's first and last day (YYYY-MM-DD, both included). */
  from: string;
  to: string;
  /** The day in progress: its value is partial, so it is projected like the days after it. */
  today: string;
  /** Whole days' values (decimal strings) by day; a day absent is not held. */
  values: ReadonlyMap<string, string>;
}

/**
 * One day of the period on the cumulative chart (each value the sum from the period's first day to the end of `day`):
 * `soFar` on the whole days held, the projection (`value`, `low`, `high`) on the days to come. The last whole day
 * carries both, so the projection's dashed line starts where the held line ends.
 */
export interface ForecastPoint {
  day: string;
  soFar: string | null;
  value: string | null;
  low: string | null;
  high: string | null;
}

export type Forecast =
  | {
      available: true;
      /** Projected end-of-period value, and its range (low ≤ value ≤ high); equal once the period is over. */
      value: string;
      low: string;
      high: string;
      /** The whole days so far and their sum; the days still to come (today included). */
      daysDone: number;
      soFar: string;
      daysLeft: number;
      /** Every day of the period, cumulative (see ForecastPoint). */
      path: ForecastPoint[];
    }
  | { available: false; reason: string };

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = dayMs(from); t <= dayMs(to); t += DAY_MS) out.push(dayOf(t));
  return out;
};
type Amount = InstanceType<typeof Exact>;
const isAre = (n: number) => (n === 1 ? "is" : "are");
const sumOf = (values: Amount[]) => values.reduce((a, b) => a.plus(b), new Exact(0));

export function projectPeriod(input: ForecastInput): Forecast {
  const { from, to, today, values } = input;
  if (today < from) return { available: false, reason: "the period has not started" };
  const done = daysFrom(from, today < to ? dayOf(dayMs(today) - DAY_MS) : to).filter((d) => d < today);
  const missing = done.filter((d) => !values.has(d));
  if (missing.length > 0) return { available: false, reason: `${missing.length} of the ${done.length} days so far ${isAre(missing.length)} not held` };
  const path: ForecastPoint[] = [];
  let soFar = new Exact(0);
  for (const d of done) {
    soFar = soFar.plus(new Exact(values.get(d)!));
    path.push({ day: d, soFar: soFar.toFixed(), value: null, low: null, high: null });
  }
  const left = today <= to ? daysFrom(today, to) : [];
  if (left.length === 0) return { available: true, value: soFar.toFixed(), low: soFar.toFixed(), high: soFar.toFixed(), daysDone: done.length, soFar: soFar.toFixed(), daysLeft: 0, path };
  // The four weeks before today, each weekday's samples read once.
  const weeks = daysFrom(dayOf(dayMs(today) - FORECAST_WEEKS * 7 * DAY_MS), dayOf(dayMs(today) - DAY_MS));
  const unheld = weeks.filter((d) => !values.has(d));
  if (unheld.length > 0) return { available: false, reason: `${unheld.length} of the ${weeks.length} days before today it reads ${isAre(unheld.length)} not held` };
  const byWeekday = new Map<number, Amount[]>();
  for (const d of weeks) {
    const wd = new Date(dayMs(d)).getUTCDay();
    byWeekday.set(wd, [...(byWeekday.get(wd) ?? []), new Exact(values.get(d)!)]);
  }
  const joint = path.at(-1);
  if (joint) Object.assign(joint, { value: joint.soFar, low: joint.soFar, high: joint.soFar });
  let mid = new Exact(0);
  let low = new Exact(0);
  let high = new Exact(0);
  for (const d of left) {
    const samples = byWeekday.get(new Date(dayMs(d)).getUTCDay())!;
    mid = mid.plus(sumOf(samples).div(samples.length));
    low = low.plus(Exact.min(...samples));
    high = high.plus(Exact.max(...samples));
    path.push({ day: d, soFar: null, value: soFar.plus(mid).toFixed(), low: soFar.plus(low).toFixed(), high: soFar.plus(high).toFixed() });
  }
  return {
    available: true,
    value: soFar.plus(mid).toFixed(),
    low: soFar.plus(low).toFixed(),
    high: soFar.plus(high).toFixed(),
    daysDone: done.length,
    soFar: soFar.toFixed(),
    daysLeft: left.length,
    path,
  };
}
