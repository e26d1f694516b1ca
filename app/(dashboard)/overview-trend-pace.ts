"use client";

/**
 * The Overview trend's goal lines (issue #28): on a month- or quarter-to-date view bucketed by day, each target and
 * tier of the period on the commission as the pace a day needs (lib/targets/pace.ts), when the trend's figure is the
 * targets' own: a goal on Commission (USDT) when the trend shows USDT; a goal on commission in every coin only when
 * the trend is USDT and the period earned no other coin. Targets are the team's: none on a share link, and the API is
 * not asked there.
 */
import Decimal from "decimal.js";
import { useMemo } from "react";
import { useAppNow } from "@/components/providers/app-clock";
import type { PaceGoal } from "@/components/reports/compare-chart";
import { useReportSource } from "@/components/reports/report-context";
import { useViewQuery } from "@/components/reports/view-query";
import { useTargets } from "@/components/targets/use-targets";
import { formatDecimal } from "@/lib/format/decimal";
import type { OverviewAnswer } from "@/lib/reports/overview/contract";
import { parseReportFilters } from "@/lib/reports/filters";
import { PACE_WITHHELD_WORDS, paceSentence, trendPace } from "@/lib/targets/pace";
import { targetName } from "./overview-targets";

/** The trend's commission is all of the period's when it is the USDT commission and no other coin earned any. */
export function trendIsAllCommission(data: Pick<OverviewAnswer, "coin" | "coins">): boolean {
  return data.coin === "USDT" && data.coins.every((c) => c.coin === "USDT" || new Decimal(c.commission).isZero());
}

export function useTrendPace(data: OverviewAnswer, unit: string): { goals: PaceGoal[]; note: string | null } {
  const { shared } = useReportSource();
  const targets = useTargets(shared === null);
  const query = useViewQuery();
  const appNow = useAppNow();
  const list = targets.data?.targets;
  return useMemo(() => {
    if (shared !== null || !list || !data.forecast) return { goals: [], note: null };
    const daily = parseReportFilters(new URLSearchParams(query), appNow()).interval === "day";
    const period = { period: data.forecast.period, from: data.forecast.from, to: data.forecast.to };
    const paces = [
      trendPace({ targets: list, metric: "commission", period, daily, sameFigure: data.coin === "USDT", otherFigure: "other-coin" }),
      trendPace({ targets: list, metric: "commissionAllCoins", period, daily, sameFigure: trendIsAllCommission(data) }),
    ];
    const shown = (v: string) => formatDecimal(v, { dp: 2 });
    const goals = paces.flatMap((p) => p.lines).map((line) => {
      const name = targetName(line.target);
      return { id: line.target.id, label: `${name} pace: ${shown(line.perDay)} ${unit} a day`, sentence: paceSentence(line, name, unit, shown), value: Number(line.perDay) };
    });
    // "Not daily" once, whichever goals it withholds; each other reason in its own words.
    const reasons = [...new Set(paces.flatMap((p) => (p.withheld === null ? [] : [p.withheld])))];
    return { goals, note: reasons.length === 0 ? null : reasons.map((r) => PACE_WITHHELD_WORDS[r]).join(" ") };
  }, [shared, list, data, query, appNow, unit]);
}
