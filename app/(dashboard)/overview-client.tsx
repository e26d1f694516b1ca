"use client";

import Decimal from "decimal.js";
import { ComparedWhereSynced } from "@/components/reports/compared-change";
import { DataAsOf } from "@/components/reports/data-as-of";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { money, type AmountFormat, useAmountFormat } from "@/components/reports/report-context";
import { Sparkline } from "@/components/reports/sparkline";
import { useReport } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ArrowDownIcon, ArrowUpIcon, OverviewIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { exactAmount, formatCount } from "@/lib/format/amount";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { withGaps } from "@/lib/reports/coverage";
import { changeOf, OVERVIEW_FIGURES, type OverviewAnswer, type OverviewFigure } from "@/lib/reports/contracts/overview";

/** How each card renders its figure (money cards name their unit via the amount format) and which trend it draws. */
const RENDER: Record<OverviewFigure, { render: (v: string, fmt: AmountFormat) => string; trend?: "commission" | "volume" | "newInvitees" }> = {
  commission: { render: (v, fmt) => money(fmt, v, 2), trend: "commission" },
  netFee: { render: (v, fmt) => money(fmt, v, 2) },
  effectiveRate: { render: (v) => formatFractionAsPercent(v, { dp: 1 }) },
  volume: { render: (v, fmt) => money(fmt, v, 0), trend: "volume" },
  newInvitees: { render: (v) => formatCount(v), trend: "newInvitees" },
  activeTraders: { render: (v) => formatCount(v) },
  netDeposits: { render: (v, fmt) => money(fmt, v, 2) },
};
const CARDS = OVERVIEW_FIGURES.map((f) => ({ ...f, ...RENDER[f.key] }));

/** Change from `before` as a signed percent with an arrow, so colour is not the only cue. */
function Change({ now, before, label }: { now: string; before: string; label: string }) {
  const change = changeOf(now, before);
  if (change === null) return <span className="text-slate-500 dark:text-slate-400">{label}: —</span>;
  const up = new Decimal(change).gt(0);
  const flat = new Decimal(change).isZero();
  return (
    <span className={flat ? "text-slate-600 dark:text-slate-400" : up ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}>
      {label}: {!flat && (up ? <ArrowUpIcon className="inline size-3" /> : <ArrowDownIcon className="inline size-3" />)}
      {formatFractionAsPercent(change, { dp: 1, sign: true })}
    </span>
  );
}

export function OverviewView() {
  const report = useReport<OverviewAnswer>("overview");
  const fmt = useAmountFormat();
  if (report.isPending) return <Skeleton className="h-48 w-full" />;
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  if (data.current.activeTraders === "0" && data.current.newInvitees === "0") {
    return (
      <>
      <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
      <EmptyState
        title="No affiliate activity in this period yet"
        description="The warehouse has nothing for these dates: a new connection's history fills in as the sync reads it, newest first."
        icon={<OverviewIcon className="size-6" />}
      />
      </>
    );
  }
  return (
    <div className="space-y-3">
    <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
    <dl className={report.isPlaceholderData ? "grid gap-3 opacity-70 sm:grid-cols-2 xl:grid-cols-4" : "grid gap-3 sm:grid-cols-2 xl:grid-cols-4"}>
      {CARDS.map((card) => (
        <div key={card.key} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <dt className="text-xs text-slate-600 dark:text-slate-400">{card.unit ? `${card.label} (${fmt.unit(card.unit)})` : card.label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums" title={card.unit && !fmt.percentages ? exactAmount(data.current[card.key], card.unit) : undefined}>
            {card.render(data.current[card.key], fmt)}
          </dd>
          <dd className="flex flex-wrap gap-x-3 text-xs tabular-nums">
            <ComparedWhereSynced coverage={data.coverage} range={data.range} period="previous" label="vs previous">
              <Change now={data.current[card.key]} before={data.previous[card.key]} label="vs previous" />
            </ComparedWhereSynced>
            <ComparedWhereSynced coverage={data.coverage} range={data.range} period="yearAgo" label="vs a year ago">
              <Change now={data.current[card.key]} before={data.yearAgo[card.key]} label="vs a year ago" />
            </ComparedWhereSynced>
          </dd>
          {card.trend ? (
            <dd className="mt-2">
              <Sparkline points={withGaps(data.trend, data.coverage, (t) => Number(t[card.trend as "commission" | "volume" | "newInvitees"]))} />
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
    <div className="flex flex-wrap justify-end gap-2">
      <ExportCsvLink report="overview" table="figures" label="Headline figures" />
      <ExportCsvLink report="overview" table="trend" label="Trend per period" />
    </div>
    </div>
  );
}
