/**
 * A figure without a forecast, so far in the period: the Overview's own value of it (the card's number, the same
 * answer, so the two never disagree), or null where the period to date is not held — nothing of it synced by a
 * source the figure reads, never read as 0 — and whether it is held in part only. Pure and browser-safe.
 */
import type { OverviewAnswer } from "../reports/overview/contract";
import type { PeriodMetric } from "./types";

/** The sync source each figure is read from (the sync_state keys of lib/reports/sync-sources.ts; commission per product). */
const SOURCE: Readonly<Record<PeriodMetric, string>> = {
  commission: "getAffiliateCommission",
  netFee: "getAffiliateCommission",
  activeTraders: "getAffiliateCommission",
  newInvitees: "getAffiliateUIDs",
  netDeposits: "getChannelUserTradeAndAsset",
};

export interface PeriodSoFar {
  /** The period's value so far (decimal text), null where it is not held. */
  value: string | null;
  /** Some day of the period so far is not held: the value counts the days that are. */
  partial: boolean;
}

/** `periodFrom`: the period's first UTC day (YYYY-MM-DD); the answer is the Overview of that month or quarter to date. */
export function periodSoFar(answer: Pick<OverviewAnswer, "current" | "coverage">, figure: PeriodMetric, periodFrom: string): PeriodSoFar {
  const sources = answer.coverage.sources.filter((s) => s.source === SOURCE[figure] || s.source.startsWith(`${SOURCE[figure]}:`));
  if (answer.coverage.state === "none" || sources.some((s) => s.from === null)) return { value: null, partial: false };
  const partial = answer.coverage.state === "partial" || sources.some((s) => s.from !== null && s.from > periodFrom);
  return { value: answer.current[figure], partial };
}
