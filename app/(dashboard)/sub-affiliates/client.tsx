"use client";

import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { StackedSeriesChart } from "@/components/reports/series-chart";
import { Stat } from "@/components/reports/stat";
import { UsdtOnlyNote } from "@/components/reports/usdt-only-note";
import { DataAsOf } from "@/components/reports/data-as-of";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { ReportSection } from "@/components/reports/report-section";
import { Total } from "@/components/reports/money";
import { ContractTable } from "@/components/reports/contract-table";
import { useAmountFormat } from "@/components/reports/report-context";
import { useReport } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { UsersIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { afterSubShare, SUB_AFFILIATE_SERIES, subAffiliatesContract, type SubAffiliateAnswer } from "@/lib/reports/sub-affiliates/contract";
import { countOf } from "@/lib/format/plural";
import { SUB_AFFILIATES_METRICS as ALL } from "@/lib/metrics/sub-affiliate";
import { comparedGap, TODAY_ONLY } from "@/lib/reports/compared-gap";

const FILTERS = filtersOf(subAffiliatesContract.filters);
const COLORS = { paid: "#1d5ef1", fee: "#94a3b8" } as const;
const SERIES = SUB_AFFILIATE_SERIES.map((s) => ({ ...s, color: COLORS[s.key] }));


export function SubAffiliatesView() {
  const report = useReport<SubAffiliateAnswer>("sub-affiliates");
  const fmt = useAmountFormat();
  if (report.isPending) return <Skeleton className="h-72 w-full" />;
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  // Stacked: the part of the net fee paid to sub-affiliates, and what is left after their share (exact decimal difference).
  const values = new Map(data.series.map((p) => [p.bucket, new Map([["paid", p.paidCommission], ["fee", afterSubShare(p)]])]));
  // The previous period where the warehouse holds it (else "not synced", never 0); changes compare whole days only.
  const gap = data.periods && data.coverage ? comparedGap(data.coverage, data.periods, "previous") : null;
  const unheld = gap !== null && gap !== TODAY_ONLY;
  const changeText = (change: string | null | undefined) =>
    change == null ? (gap === TODAY_ONLY ? TODAY_ONLY : "—") : formatFractionAsPercent(change, { dp: 1, sign: true });
  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70" : "space-y-6"}>
      <FilterBar filters={FILTERS} />
      <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
      {data.ranking.length === 0 ? (
        <EmptyState title="No sub-affiliate activity in this view" description="Nothing in the warehouse matches these filters and dates." icon={<UsersIcon className="size-6" />} />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label={`${ALL.allTradingVolume.label} (${fmt.totalUnit("USDT")})`} definition={ALL.allTradingVolume.definition} value={<Total value={data.totals.tradingVolume} coin="USDT" dp={0} />} note={countOf(data.totals.subAffiliates, "sub-affiliate")} />
            <Stat label={`${ALL.allNetTradingFee.label} (${fmt.totalUnit("USDT")})`} definition={ALL.allNetTradingFee.definition} value={<Total value={data.totals.netTradingFee} coin="USDT" />} />
            <Stat label={`${ALL.allPaidCommission.label} (${fmt.totalUnit("USDT")})`} definition={ALL.allPaidCommission.definition} value={<Total value={data.totals.paidCommission} coin="USDT" />} />
          </dl>
          <UsdtOnlyNote />
          <div className="flex justify-end">
            <ExportCsvLink report="sub-affiliates" table="totals" label="Sub-affiliate totals" />
          </div>
          <ReportSection label="Fees per period" title="Net fee per period: paid to sub-affiliates, and left after their share" report="sub-affiliates" table="series" kind="chart">
            <StackedSeriesChart title="Net fee per period, paid commission and the rest" buckets={data.buckets} series={SERIES} values={values} unit={fmt.unit("USDT")} />
          </ReportSection>
          <ReportSection label="Sub-affiliate ranking" title="Ranking by volume" report="sub-affiliates" table="ranking" kind="table">
            <ContractTable
              table={subAffiliatesContract.tables.ranking}
              rows={data.ranking}
              rowKey={(r) => r.subAffiliateUid}
              label="Sub-affiliate ranking"
              caption="Sub-affiliates ranked by trading volume, with the previous period"
              coin="USDT"
              // Its words: why the previous period is blank (the "not synced" cell says it), not a column of the page.
              omit={["previousCoverage"]}
              views={{
                tradingVolume: { dp: 0 },
                previousTradingVolume: {
                  dp: 0,
                  // Not held: one cell across the previous volume and its change says why (never 0). Answers frozen
                  // before these fields existed have none: shown as not known.
                  span: (r) => (unheld || r.previousTradingVolume === undefined ? 2 : 1),
                  ...(unheld ? { render: () => `not synced: ${gap}`, title: () => gap ?? undefined } : {}),
                },
                volumeChange: { render: (r) => changeText(r.volumeChange) },
              }}
            />
          </ReportSection>
        </>
      )}
    </div>
  );
}
