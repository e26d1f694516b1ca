/**
 * A target's or tier's pace on a per-day trend (issue #28, "goal lines on the charts of those metrics"): what each day
 * of the month or quarter needs for the period to reach the value — the value over the period's days, exact decimals.
 * A chart of days draws it as a line; a chart of weeks or months does not (a week at the month's edge holds only part
 * of it, a month bucket of a quarter is not a day), and one showing another figure does not either. Browser-safe.
 */
import Decimal from "decimal.js";
import { targetsFor } from "./progress";
import { periodKey, type Target, type TargetMetric, type TargetPeriod } from "./types";

/** The decimals a pace is kept to (rounded half up); shown rounded further, as its figure is. */
export const PACE_DP = 8;
const Exact = Decimal.clone({ precision: 60 });
const DAY_MS = 86_400_000;

/** The UTC days from `from` to `to`, both included ("2026-11-01".."2026-11-30": 30). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** What each day needs: `value` ÷ `days`, to PACE_DP decimals (half up), as decimal text. */
export function dailyPace(value: string, days: number): string {
  if (!Number.isInteger(days) || days < 1) throw new RangeError(`a period of ${days} days has no pace`);
  return new Exact(value).div(days).toDecimalPlaces(PACE_DP, Decimal.ROUND_HALF_UP).toFixed();
}

export interface PaceLine {
  target: Target;
  /** Per day, decimal text. */
  perDay: string;
  /** The period's days (the month's or quarter's, all of them). */
  days: number;
}

/**
 * Why a chart with a goal for its figure draws no pace: said under it in words (PACE_WITHHELD_WORDS). "other-figure":
 * the goals count commission in every coin and the chart one coin's; "other-coin": the goals count the USDT items'
 * commission and the chart another coin's.
 */
export type PaceWithheld = "not-daily" | "other-figure" | "other-coin";

export interface TrendPace {
  lines: PaceLine[];
  /** null when the lines are drawn, or when there is nothing to draw (no goal of the period on the figure). */
  withheld: PaceWithheld | null;
}

/**
 * The pace lines of a trend of `metric`: the goals (targets of the period and tiers of its length) on that figure of
 * the month or quarter the view shows so far (`period`: the forecast's, null on other ranges), if the chart's buckets
 * are days and its figure is the goals' own.
 */
export function trendPace(input: {
  targets: readonly Target[];
  metric: TargetMetric;
  period: { period: TargetPeriod; from: string; to: string } | null;
  daily: boolean;
  sameFigure: boolean;
  /** What to say when the chart's figure is not the goals' (default "other-figure"). */
  otherFigure?: Exclude<PaceWithheld, "not-daily">;
}): TrendPace {
  const { period } = input;
  if (period === null) return { lines: [], withheld: null };
  const goals = targetsFor(input.targets, period.period, periodKey(period.from, period.period)).filter((t) => t.metric === input.metric);
  if (goals.length === 0) return { lines: [], withheld: null };
  if (!input.sameFigure) return { lines: [], withheld: input.otherFigure ?? "other-figure" };
  if (!input.daily) return { lines: [], withheld: "not-daily" };
  const days = daysBetween(period.from, period.to);
  return { lines: goals.map((target) => ({ target, perDay: dailyPace(target.value, days), days })), withheld: null };
}

const PERIOD_WORDS: Record<TargetPeriod, string> = { month: "month", quarter: "quarter" };

/**
 * A pace line in one sentence: "Target pace: 33.33 ≈ USDT a day — the month's target 1,000.00 ≈ USDT over its 30
 * days"; a tier's: "Tier VIP 2 pace: … — the tier's 2,500,000 USDT a month over its 30 days". `shown` rounds a value
 * as the figure is said; `name` is the goal as the page names it ("Target", "Tier VIP 2").
 */
export function paceSentence(line: PaceLine, name: string, unit: string, shown: (v: string) => string): string {
  const p = PERIOD_WORDS[line.target.period];
  const goal = line.target.kind === "tier" ? `the tier's ${shown(line.target.value)} ${unit} a ${p}` : `the ${p}'s target ${shown(line.target.value)} ${unit}`;
  return `${name} pace: ${shown(line.perDay)} ${unit} a day — ${goal} over its ${line.days} days`;
}

/** Why a goal of the figure draws no line on this chart, in words. */
export const PACE_WITHHELD_WORDS: Record<PaceWithheld, string> = {
  "not-daily":
    "No target pace on this chart: its buckets are weeks or months, and a week at the period's edge holds only part of it, so one pace per bucket would misstate it. Choose days to see it.",
  "other-figure":
    "No pace here for the targets on commission in all coins (≈ USDT): this chart shows one coin's commission and leaves out what the other coins earned, so it would always look short of them. The forecast's chart above draws them; a target on Commission (USDT) draws its pace here.",
  "other-coin": "No pace here for the targets on Commission (USDT): this chart shows another coin's commission. Choose USDT to see it.",
};
