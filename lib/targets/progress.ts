/**
 * Where a figure stands against a target or tier threshold, from the period's forecast (lib/forecast): reached (the
 * whole days so far already meet it), on track (the projection meets it), a stretch (the projection falls short, only the range's top meets it),
 * short (not even the range's top), or unknown (no projection). A figure with no forecast (periodProgressOf) stands
 * on its value so far alone: reached, not yet reached, or not known where the period so far is not synced. Exact
 * decimals; pure and browser-safe.
 */
import Decimal from "decimal.js";
import type { ForecastFigure } from "../forecast/types";
import type { Target } from "./types";

export const STANDINGS = ["reached", "on-track", "within-reach", "short", "unknown", "not-yet", "not-held"] as const;
export type Standing = (typeof STANDINGS)[number];

export const STANDING_WORDS: Readonly<Record<Standing, string>> = {
  reached: "reached",
  "on-track": "on track",
  "within-reach": "a stretch: the projection falls short, only the top of the range meets it",
  short: "projected to miss it, even at the top of the range",
  unknown: "not projected",
  "not-yet": "not reached yet",
  "not-held": "not known: the period so far is not synced",
};

/** What a figure without a forecast says in place of a projection. */
export const NO_FORECAST = "no forecast for this figure";

export interface Progress {
  standing: Standing;
  /** So far and projected as fractions of the target (0.83 = 83 %); null without a projection. */
  soFarShare: string | null;
  projectedShare: string | null;
  /** Projected − target (negative: short by that much); null without a projection. */
  gap: string | null;
}

export function progressOf(target: string, figure: ForecastFigure): Progress {
  if (figure.unavailable !== null || figure.value === null || figure.soFar === null || figure.high === null) {
    return { standing: "unknown", soFarShare: null, projectedShare: null, gap: null };
  }
  const goal = new Decimal(target);
  const standing: Standing = new Decimal(figure.soFar).gte(goal)
    ? "reached"
    : new Decimal(figure.value).gte(goal)
      ? "on-track"
      : new Decimal(figure.high).gte(goal)
        ? "within-reach"
        : "short";
  return {
    standing,
    soFarShare: new Decimal(figure.soFar).div(goal).toDecimalPlaces(4).toFixed(),
    projectedShare: new Decimal(figure.value).div(goal).toDecimalPlaces(4).toFixed(),
    gap: new Decimal(figure.value).minus(goal).toFixed(),
  };
}

/**
 * A figure without a forecast against a target: its value so far (the Overview card's, null where the period is not
 * synced: never read as 0), reached once it meets the target. No projection, so no projected share nor gap.
 */
export function periodProgressOf(target: string, soFar: string | null): Progress {
  if (soFar === null) return { standing: "not-held", soFarShare: null, projectedShare: null, gap: null };
  const share = new Decimal(soFar).div(target);
  // Rounded toward zero, so a share short of the target never reads as all of it.
  return { standing: share.gte(1) ? "reached" : "not-yet", soFarShare: share.toDecimalPlaces(4, Decimal.ROUND_DOWN).toFixed(), projectedShare: null, gap: null };
}

/** The targets and tiers a forecast of `period` starting `from` (YYYY-MM-DD) is measured against. */
export function targetsFor(all: readonly Target[], period: "month" | "quarter", key: string): Target[] {
  return all.filter((t) => t.period === period && (t.kind === "tier" || t.starts === key));
}
