"use client";

import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { PrintedRowsNote, usePagedRows } from "@/components/reports/print-rows";
import { Stat } from "@/components/reports/stat";
import { METRICS } from "@/lib/metrics/definitions";
import { DataAsOf } from "@/components/reports/data-as-of";
import { EntityLink } from "@/components/reports/entity-link";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { Money, MoneyTd, Total } from "@/components/reports/money";
import { useAmountFormat } from "@/components/reports/report-context";
import { useReport, useReportParams } from "@/components/reports/use-report";
import { useUrlParams } from "@/components/reports/use-url-param";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { WalletIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { SortableTh, Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { TRADE_ASSET_AMOUNTS, TRADE_ASSET_PAGING, tradeAssetsContract, type TradeAssetAnswer, type TradeAssetSort as SortKey } from "@/lib/reports/trade-assets/contract";
import { countOf } from "@/lib/format/plural";

/** Decimals shown per column: volumes whole, the rest at USDT's 2 (every digit in each cell's title and the CSV). */
const DP: Record<(typeof TRADE_ASSET_AMOUNTS)[number]["key"], number> = {
  depositAmount: 2,
  withdrawalAmount: 2,
  netDeposit: 2,
  spotTradingAmount: 0,
  futuresTradingAmount: 0,
  commission: 2,
};
const COLUMNS = TRADE_ASSET_AMOUNTS.map((a) => ({ ...a, dp: DP[a.key] }));


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
              label={`Net deposits (${fmt.unit("USDT")})`}
              value={<Total value={data.totals.netDeposit} coin="USDT" />}
              note={
                <>
                  in <Total value={data.totals.depositAmount} coin="USDT" dp={0} /> · out <Total value={data.totals.withdrawalAmount} coin="USDT" dp={0} />
                </>
              }
            />
            {/* Two products, two figures: one "Volume" headline read as the total when it was futures only. */}
            <Stat label={`Futures volume (${fmt.totalUnit("USDT")})`} value={<Total value={data.totals.futuresTradingAmount} coin="USDT" dp={0} />} />
            <Stat label={`Spot volume (${fmt.totalUnit("USDT")})`} value={<Total value={data.totals.spotTradingAmount} coin="USDT" dp={0} />} />
            <Stat label={`Commission (${fmt.totalUnit("USDT")})`} value={<Total value={data.totals.commission} coin="USDT" />} note={countOf(data.totals.invitees, "invitee")} help={METRICS.tradeAssetInvitees} />
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
            <TableFrame label="Trade and assets per invitee">
              <Table caption="Trade and assets per invitee">
                <THead>
                  <Tr>
                    <Th>Invitee uid</Th>
                    {COLUMNS.map((c) => (
                      <SortableTh key={c.key} column={c.key} label={`${c.metric.label} (${fmt.unit("USDT")})`} sort={sort} onSort={url.canSort ? onSort : undefined} align="right" />
                    ))}
                  </Tr>
                </THead>
                <TBody>
                  {table.rows.map((r) => (
                    <Tr key={r.uid}>
                      <Td className="font-mono">
                        <EntityLink kind="invitee" id={r.uid} />
                      </Td>
                      {COLUMNS.map((c) => (
                        <MoneyTd key={c.key} value={r[c.key]} coin="USDT" dp={c.dp} />
                      ))}
                    </Tr>
                  ))}
                  <PrintedRowsNote note={table.note} columns={COLUMNS.length + 1} />
                </TBody>
              </Table>
            </TableFrame>
            {table.footer}
          </section>
        </>
      )}
    </div>
  );
}
