/** A change between two exact figures against a threshold in percent (decimal.js: no float ever decides). */
import Decimal from "decimal.js";

export interface Change {
  /** The change in percent, two decimals ("-42.50"); null when the previous figure is zero. */
  percent: string | null;
  /** Beyond the threshold in the asked direction. */
  exceeds: boolean;
  direction: "up" | "down" | "flat";
}

export function changeOf(previous: string, current: string, thresholdPercent: number, direction: "up" | "down" | "either"): Change {
  const prev = new Decimal(previous);
  const cur = new Decimal(current);
  const delta = cur.minus(prev);
  const dir = delta.isZero() ? "flat" : delta.isPositive() ? "up" : "down";
  // Previous zero: no percentage exists; nothing is judged rather than calling it infinite.
  if (prev.isZero()) return { percent: null, exceeds: false, direction: dir };
  const pct = delta.div(prev.abs()).times(100);
  const beyond = pct.abs().greaterThan(new Decimal(thresholdPercent));
  const wanted = direction === "either" || direction === dir;
  return { percent: pct.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2), exceeds: beyond && wanted && dir !== "flat", direction: dir };
}

export const DIRECTION_VERB = { up: "rose", down: "fell", flat: "stayed" } as const;
