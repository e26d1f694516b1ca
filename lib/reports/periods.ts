/**
 * The comparison periods of a report range. Warehouse figures have a UTC-day
 * grain (commission and trade-and-asset rows are per day), so a period is a run
 * of whole UTC days, and its previous period is the same number of days right
 * before it — "last 30 days" compares 30 days with 30 days, whatever the time
 * of day, preset, custom range, bucket interval or display time zone (a range
 * ending now counts today, partly elapsed, as one of its days). Pure.
 */

const DAY_MS = 86_400_000;

/** An inclusive time range, ms since the epoch. */
export interface Period {
  start: number;
  end: number;
}

const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** How many UTC calendar days the period touches (a range ending now counts today). */
export function daysInPeriod(p: Period): number {
  return Math.round((startOfUtcDay(p.end) - startOfUtcDay(p.start)) / DAY_MS) + 1;
}

/** The same number of whole UTC days immediately before the period's first day. */
export function previousPeriod(p: Period): Period {
  const firstDay = startOfUtcDay(p.start);
  return { start: firstDay - daysInPeriod(p) * DAY_MS, end: firstDay - 1 };
}

const shiftYear = (ms: number) => {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.getTime();
};

/** The same calendar days a year earlier (29 February maps to 1 March). */
export function yearAgoPeriod(p: Period): Period {
  return { start: shiftYear(p.start), end: shiftYear(p.end) };
}
