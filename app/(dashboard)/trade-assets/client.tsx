"use client";

import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { usePagedRows } from "@/components/reports/print-rows";
import { Stat } from "@/components/reports/stat";
import { METRICS } from "@/lib/metrics/definitions";
import { DataAsOf } from "@/components/reports/data-as-of";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { ContractTable } from "@/components/reports/contract-table";
import { MetricHelp } from "@/components/reports/metric-help";
import { Money, Total } from "@/components/reports/money";
import { useAmountFormat } from "@/components/reports/report-context";
import { useReport, useReportParams } from "@/components/reports/use-report";
import { useUrlParams } from "@/components/reports/use-url-param";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { WalletIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { TRADE_ASSET_AMOUNTS, TRADE_ASSET_PAGING, tradeAssetsContract, type TradeAssetAnswer, type TradeAssetSort as SortKey } from "@/lib/reports/trade-assets/contract";
import { countOf } from "@/lib/format/plural";

/** Decimals shown per column: volumes whole, the rest at USDT's 2 (every digit in each cell's title and the CSV). */
const VIEWS = { spotTradingAmount: { dp: 0 }, futuresTradingAmount: { dp: 0 } } as const;
/** The page sorts by the amounts (the URL's sort), not by uid. */
const SORTABLE: readonly SortKey[] = TRADE_ASSET_AMOUNTS.map((a) => a.key);
const M = METRICS;

const NO_ROWS = { rows: [], total: 0, page: 1, pageSize: TRADE_ASSET_PAGING.pageSize } as const;

export function TradeAssetsView() {
  const report = useReport<TradeAssetAnswer>("trade-assets");
  const fmt = useAmountFormat();
  const url = useUrlParams();
  // Sorting as shown: the URL's, cleaned of values the page could not use (its notice names them).
  const shown = useReportParams("trade-assets").query;
  const sort = { column: (shown.get("sort") ?? "commission") as SortKey, direction: (shown.get("dir") ?? "desc") as "asc" | "desc" };
  const onPage = (page: number) => url.set({ page: page === 1 ? undefined : String(page) });
  // Hooks before the early returns: with no answer yet there are no rows to page.
  const table = usePagedRows("trade-assets", report.data, (a) => a ?? NO_ROWS, onPage);
  if (report.isPending) return <Skeleton className="h-72 w-full" />;
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const onSort = (column: SortKey) =>
    url.set({ sort: column === "commission" ? undefined : column, dir: sort.column === column && sort.direction === "desc" ? "asc" : undefined, page: undefined });
  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70" : "space-y-6"}>
      <FilterBar filters={filtersOf(tradeAssetsContract.filters)} />
      <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
      {data.total === 0 ? (
        <EmptyState title="No trade or asset records in this period" description="Nothing in the warehouse for these dates yet." icon={<WalletIcon className="size-6" />} />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            <Stat
              label={`${M.netDeposits.label} (${fmt.unit("USDT")})`}
              definition={M.netDeposits.definition}
              value={<Total value={data.totals.netDeposit} coin="USDT" />}
              note={
                <>
                  in <Total value={data.totals.depositAmount} coin="USDT" dp={0} /> · out <Total value={data.totals.withdrawalAmount} coin="USDT" dp={0} />
                </>
              }
            />
            {/* Two products, two figures: one "Volume" headline read as the total when it was futures only. */}
            <Stat label={`${M.futuresVolume.label} (${fmt.totalUnit("USDT")})`} definition={M.futuresVolume.definition} value={<Total value={data.totals.futuresTradingAmount} coin="USDT" dp={0} />} />
            <Stat label={`${M.spotVolume.label} (${fmt.totalUnit("USDT")})`} definition={M.spotVolume.definition} value={<Total value={data.totals.spotTradingAmount} coin="USDT" dp={0} />} />
            <Stat
              label={`${M.tradeAssetCommission.label} (${fmt.totalUnit("USDT")})`}
              definition={M.tradeAssetCommission.definition}
              value={<Total value={data.totals.commission} coin="USDT" />}
              note={
                <>
                  {countOf(data.totals.invitees, "invitee")}
                  <MetricHelp label={M.tradeAssetInvitees.label} definition={M.tradeAssetInvitees.definition} />
                </>
              }
            />
            <Stat label="Top 10 invitees bring" value={formatFractionAsPercent(data.top10.share, { dp: 1 })} note={
                <>
                  <Money value={data.top10.commission} coin="USDT" /> {fmt.unit("USDT")} of commission
                </>
              }
            />
          </dl>
          <div className="flex justify-end">
            <ExportCsvLink report="trade-assets" table="totals" label="Trade and asset totals" />
          </div>
          <section aria-label="Invitees" className="rounded-xl border border-slate-200 dark:border-slate-800">
            <div className="flex justify-end px-4 pt-3">
              <ExportCsvLink report="trade-assets" table="invitees" label="Trade and assets per invitee (all rows)" />
            </div>
            <ContractTable
              table={tradeAssetsContract.tables.invitees}
              rows={table.rows}
              rowKey={(r) => r.uid}
              label="Trade and assets per invitee"
              caption="Trade and assets per invitee"
              coin="USDT"
              views={VIEWS}
              sort={{ ...sort, onSort: url.canSort ? onSort : undefined, columns: SORTABLE }}
              printedNote={table.note}
            />
            {table.footer}
          </section>
        </>
      )}
    </div>
  );
}
