"use client";

/**
 * The Overview: headline cards (overview-cards.tsx), the view coin's commission
 * per period against the previous period (overview-trend.tsx), top invitees,
 * top symbols and commission per coin (overview-tops.tsx) and the invitee
 * funnel (overview-funnel.tsx). The filters choose the chart's coin, buckets and
 * time zone; the cards stay USDT.
 */
import { DataAsOf } from "@/components/reports/data-as-of";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { IssuesNotice } from "@/components/reports/issues-notice";
import { PeriodsNote } from "@/components/reports/periods-note";
import { useReport } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { OverviewIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { overviewContract, type OverviewAnswer } from "@/lib/reports/overview/contract";
import { OverviewCards } from "./overview-cards";
import { OverviewForecast } from "./overview-forecast";
import { InviteeFunnel } from "./overview-funnel";
import { CommissionPerCoin, TopInvitees, TopSymbols } from "./overview-tops";
import { CommissionTrend } from "./overview-trend";

const FILTERS = filtersOf(overviewContract.filters);

export function OverviewView() {
  const report = useReport<OverviewAnswer>("overview");
  if (report.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <FilterBar filters={FILTERS} />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const notices = <IssuesNotice issues={data.issues} />;
  if (data.current.activeTraders === "0" && data.current.newInvitees === "0") {
    return (
      <div className="space-y-3">
        <FilterBar filters={FILTERS} />
        <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
        {notices}
        <EmptyState
          title="No affiliate activity in this period yet"
          description="The warehouse has nothing for these dates: a new connection's history fills in as the sync reads it, newest first."
          icon={<OverviewIcon className="size-6" />}
        />
      </div>
    );
  }
  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70 transition-opacity" : "space-y-6"}>
      <div className="space-y-3">
        <FilterBar filters={FILTERS} />
        <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
        <PeriodsNote periods={data.periods} compare={data.compare} />
        {notices}
        <OverviewCards data={data} />
        <div className="flex flex-wrap justify-end gap-2">
          <ExportCsvLink report="overview" table="figures" label="Headline figures" />
          <ExportCsvLink report="overview" table="trend" label="Trend per period" />
          {/* The audit of the first card's ≈ USDT total, where another coin was valued. */}
          {data.coins.some((c) => c.coin !== "USDT") ? <ExportCsvLink report="overview" table="valuation" label="How each coin was valued" /> : null}
        </div>
      </div>
      <OverviewForecast data={data} />
      <CommissionTrend data={data} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <TopInvitees data={data} />
        <TopSymbols data={data} />
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <CommissionPerCoin data={data} />
        <InviteeFunnel data={data} />
      </div>
    </div>
  );
}
