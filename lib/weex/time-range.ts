/**
 * Time-range rules of the endpoints (how long a [startTime, endTime] window may
 * be) and the arithmetic on them. The endpoints table declares a rule per
 * endpoint; request validation and the window splitter both read it here, so a
 * rule is written once.
 */

export type RangeRule =
  /** Calendar months in UTC: end may be at most `months` months after start. */
  | { kind: "months"; months: number }
  | { kind: "days"; days: number };

const DAY_MS = 86_400_000;

/** The latest end time a window that starts at `start` may have under `rule` (inclusive). */
export function maxEndFor(rule: RangeRule, start: number): number {
  if (rule.kind === "days") return start + rule.days * DAY_MS;
  const d = new Date(start);
  const targetMonth = d.getUTCMonth() + rule.months;
  const shifted = new Date(
    Date.UTC(d.getUTCFullYear(), targetMonth, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()),
  );
  // Clamp the day: 31 Jan + 1 month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0)).getUTCDate();
  shifted.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return shifted.getTime();
}

export function withinRange(rule: RangeRule, start: number, end: number): boolean {
  return end <= maxEndFor(rule, start);
}

export function describeRange(rule: RangeRule): string {
  return rule.kind === "days" ? `${rule.days} days` : `${rule.months} months`;
}

/**
 * Splits [start, end] (inclusive ms) into consecutive windows that each satisfy
 * the rule, newest window first (so a caller sees recent data first).
 */
export function splitRange(rule: RangeRule, start: number, end: number): Array<{ startTime: number; endTime: number }> {
  if (end < start) return [];
  const windows: Array<{ startTime: number; endTime: number }> = [];
  let from = start;
  while (from <= end) {
    const to = Math.min(end, maxEndFor(rule, from));
    windows.push({ startTime: from, endTime: to });
    from = to + 1;
  }
  return windows.reverse();
}
