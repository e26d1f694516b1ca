"use client";

/**
 * The Overview's headline cards: each figure against the previous period and a
 * year earlier, a small trend, and its label linking to the page that explains
 * it (keeping the view's filters).
 */
import Decimal from "decimal.js";
import { useMemo } from "react";
import { useChartMarkers } from "@/components/annotations/use-chart-markers";
import { ComparedWhereSynced } from "@/components/reports/compared-change";
import { MetricHelp } from "@/components/reports/metric-help";
import { money, total, type AmountFormat, useAmountFormat } from "@/components/reports/report-context";
import { ReportLink } from "@/components/reports/report-link";
import { Sparkline } from "@/components/reports/sparkline";
import { ArrowDownIcon, ArrowUpIcon } from "@/components/ui/icons";
import { exactAmount, formatCount } from "@/lib/format/amount";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { withGaps } from "@/lib/reports/coverage";
import { changeBetween, formatChange } from "@/lib/metrics/compare";
import type { Comparison } from "@/lib/metrics/definitions";
import { comparedCurrent, OVERVIEW_FIGURES, type OverviewAnswer, type OverviewFigure } from "@/lib/reports/overview/contract";
import { AllCoinsTotal } from "@/components/reports/all-coins-total";
import type { ForecastMetric } from "@/lib/forecast/types";
import { CardForecast } from "./overview-forecast";

/** The cards whose figure the forecast projects (lib/forecast), and the projected figure each shows. */
const PROJECTED: Partial<Record<OverviewFigure, ForecastMetric>> = { commissionAllCoins: "commissionAllCoins", volume: "volumeAllCoins" };

/** The pages that explain the figures: commission items (commission, fee, rate, volume), invitees, trade and assets. */
export const EXPLAINED_ON = {
  commissions: { path: "/commissions", page: "Commissions" },
  invitees: { path: "/invitees", page: "Invitees" },
  tradeAssets: { path: "/trade-assets", page: "Trade & assets" },
} as const;

type Trend = "commission" | "volume" | "newInvitees";
/** How each card renders its figure (money cards name their unit via the amount format), which trend it draws and where it is explained. */
const RENDER: Record<OverviewFigure, { render: (v: string, fmt: AmountFormat) => string; trend?: Trend; explained: keyof typeof EXPLAINED_ON }> = {
  // Drawn by AllCoinsTotal (natives beside, how it was valued); the render is its amount alone.
  commissionAllCoins: { render: (v, fmt) => money(fmt, v, 2), explained: "commissions" },
  commission: { render: (v, fmt) => money(fmt, v, 2), trend: "commission", explained: "commissions" },
  netFee: { render: (v, fmt) => money(fmt, v, 2), explained: "commissions" },
  effectiveRate: { render: (v) => formatFractionAsPercent(v, { dp: 1 }), explained: "commissions" },
  // Taker + maker volume of the commission items: Commissions shows both.
  volume: { render: (v, fmt) => money(fmt, v, 0), trend: "volume", explained: "commissions" },
  newInvitees: { render: (v) => formatCount(v), trend: "newInvitees", explained: "invitees" },
  // Invitees with commission items in the period: their trading per invitee is on Trade & assets.
  activeTraders: { render: (v) => formatCount(v), explained: "tradeAssets" },
  netDeposits: { render: (v, fmt) => money(fmt, v, 2), explained: "tradeAssets" },
};
const CARDS = OVERVIEW_FIGURES.map((f) => ({ ...f, ...RENDER[f.key], ...EXPLAINED_ON[RENDER[f.key].explained] }));

/**
 * Change from `before` with an arrow, so colour is not the only cue: relative % for amounts and counts, percentage
 * points for the rate (lib/metrics). `change`: already computed, in percent (a percentages link).
 */
function Change({ now, before, label, change: given, compare = "relative" }: { now?: string | null; before?: string | null; label: string; change?: string | null; compare?: Comparison }) {
  // null: a figure without a value (not valued for want of a price): no change, never one against 0.
  const change = given !== undefined ? (given === null ? null : new Decimal(given).div(100).toFixed()) : now === null || before === null ? null : changeBetween(now ?? "0", before ?? "0", compare);
  if (change === null) return <span className="text-slate-500 dark:text-slate-400">{label}: —</span>;
  const shown = formatChange(change, compare);
  const up = new Decimal(change).gt(0);
  const flat = !/[1-9]/.test(shown);
  return (
    <span className={flat ? "text-slate-600 dark:text-slate-400" : up ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}>
      {label}: {!flat && (up ? <ArrowUpIcon className="inline size-3" /> : <ArrowDownIcon className="inline size-3" />)}
      {shown}
    </span>
  );
}

/**
 * A money card on a percentages link: no amount came, only the figure's change against the previous period (the
 * card's figure) and against a year earlier, computed on the server (lib/share/redact.ts); "—" where that period
 * is not held or its figure was zero.
 */
function ChangeCard({ data, figure }: { data: OverviewAnswer; figure: OverviewFigure }) {
  const fmt = useAmountFormat();
  return (
    <>
      <dd className="mt-1 text-xl font-semibold tabular-nums">
        <ComparedWhereSynced coverage={data.coverage} periods={data.periods} period="previous" label="change">
          {/* The change of the days compared (the whole days while today is partial), as lib/share/redact.ts made it. */}
          {total(fmt, (data.currentWholeDays ?? data.current)[figure], 1)}
        </ComparedWhereSynced>
      </dd>
      <dd className="flex flex-wrap gap-x-3 text-xs tabular-nums">
        <ComparedWhereSynced coverage={data.coverage} periods={data.periods} period="yearAgo" label="vs a year ago">
          <Change change={data.yearAgo[figure]} label="vs a year ago" />
        </ComparedWhereSynced>
      </dd>
    </>
  );
}

export function OverviewCards({ data }: { data: OverviewAnswer }) {
  const fmt = useAmountFormat();
  // The sparklines mark the notes the trend chart below marks (the same view, rule and share-link choice), each at
  // the index of its bucket's point; numbered as that chart's list numbers them.
  const positions = useMemo(() => data.trend.map((t, i) => ({ bucket: t.bucket, x: String(i) })), [data.trend]);
  const notes = useChartMarkers(positions);
  // What a change compares: the period's whole days while today is partial (lib/reports/periods.ts), never 11 hours against a day.
  const compared = comparedCurrent(data, data.periods.partialDay);
  return (
    <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {/* A percentages link withholds the rebate rate (lib/share/redact.ts): its card is left out, not shown empty. */}
      {CARDS.filter((card) => !(fmt.percentages && card.key === "effectiveRate")).map((card) => (
        <div key={card.key} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <dt className="text-xs text-slate-600 dark:text-slate-400">
            <ReportLink path={card.path} page={card.page}>
              {card.unit ? `${card.label} (${fmt.percentages || !card.estimate ? "" : "≈ "}${fmt.totalUnit(card.unit)})` : card.label}
            </ReportLink>
            <MetricHelp label={card.label} definition={card.definition} />
          </dt>
          {card.unit && fmt.percentages ? (
            <ChangeCard data={data} figure={card.key} />
          ) : (
            <>
              {card.key === "commissionAllCoins" ? (
                <AllCoinsTotal value={data.current.commissionAllCoins} natives={data.coins} prices={data.prices} fmt={fmt} />
              ) : (
                <dd className="mt-1 text-xl font-semibold tabular-nums" title={card.unit ? exactAmount(data.current[card.key] ?? "", card.unit) : undefined}>
                  {card.render(data.current[card.key] ?? "", fmt)}
                </dd>
              )}
              <dd className="flex flex-wrap gap-x-3 text-xs tabular-nums">
                {/* A comparison only where the warehouse holds the other period; otherwise the reason in words. */}
                <ComparedWhereSynced coverage={data.coverage} periods={data.periods} period="previous" label="vs previous">
                  <Change now={compared?.[card.key]} before={data.previous[card.key]} label="vs previous" compare={card.compare} />
                </ComparedWhereSynced>
                <ComparedWhereSynced coverage={data.coverage} periods={data.periods} period="yearAgo" label="vs a year ago">
                  <Change now={compared?.[card.key]} before={data.yearAgo[card.key]} label="vs a year ago" compare={card.compare} />
                </ComparedWhereSynced>
              </dd>
              {PROJECTED[card.key] ? <CardForecast data={data} metricKey={PROJECTED[card.key] as ForecastMetric} /> : null}
            </>
          )}
          {card.trend ? (
            <dd className="mt-2">
              <Sparkline points={withGaps(data.trend, data.coverage, (t) => Number(t[card.trend as Trend]))} name={card.label} markers={notes.markers} notes={notes.lines} />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
