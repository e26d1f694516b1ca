"use client";

import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { Pager } from "@/components/reports/pager";
import { Stat } from "@/components/reports/stat";
import { DataAsOf } from "@/components/reports/data-as-of";
import { EntityLink } from "@/components/reports/entity-link";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { money, useAmountFormat } from "@/components/reports/report-context";
import { useReport } from "@/components/reports/use-report";
import { useUrlParams } from "@/components/reports/use-url-param";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { WalletIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { SortableTh, Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { TRADE_ASSET_AMOUNTS, tradeAssetsContract, type TradeAssetAnswer, type TradeAssetSort as SortKey } from "@/lib/reports/contracts/trade-assets";
import { countOf } from "@/lib/format/plural";

/** Decimals shown per column: volumes whole, commission to 4. */
const DP: Record<(typeof TRADE_ASSET_AMOUNTS)[number]["key"], number> = {
  depositAmount: 2,
  withdrawalAmount: 2,
  netDeposit: 2,
  spotTradingAmount: 0,
  futuresTradingAmount: 0,
  commission: 4,
};
const COLUMNS = TRADE_ASSET_AMOUNTS.map((a) => ({ ...a, dp: DP[a.key] }));


export function TradeAssetsView() {
  const report = useReport<TradeAssetAnswer>("trade-assets");
  const fmt = useAmountFormat();
  const url = useUrlParams();
  const sort = { column: (url.get("sort") ?? "commission") as SortKey, direction: (url.get("dir") ?? "desc") as "asc" | "desc" };
  if (report.isPending) return <Skeleton className="h-72 w-full" />;
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const onSort = (column: SortKey) =>
    url.set({ sort: column === "commission" ? undefined : column, dir: sort.column === column && sort.direction === "desc" ? "asc" : undefined, page: undefined });
  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70" : "space-y-6"}>
      <FilterBar filters={filtersOf(tradeAssetsContract.filters)} />
      <DataAsOf asOf={data.dataAsOf} />
      {data.total === 0 ? (
        <EmptyState title="No trade or asset records in this period" description="Nothing in the warehouse for these dates yet." icon={<WalletIcon className="size-6" />} />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            <Stat label={`Net deposits (${fmt.unit("USDT")})`} value={money(fmt, data.totals.netDeposit, 2)} note={`in ${money(fmt, data.totals.depositAmount, 0)} · out ${money(fmt, data.totals.withdrawalAmount, 0)}`} />
            {/* Two products, two figures: one "Volume" headline read as the total when it was futures only. */}
            <Stat label={`Futures volume (${fmt.unit("USDT")})`} value={money(fmt, data.totals.futuresTradingAmount, 0)} />
            <Stat label={`Spot volume (${fmt.unit("USDT")})`} value={money(fmt, data.totals.spotTradingAmount, 0)} />
            <Stat label={`Commission (${fmt.unit("USDT")})`} value={money(fmt, data.totals.commission, 2)} note={countOf(data.totals.invitees, "invitee")} />
            <Stat label="Top 10 invitees bring" value={formatFractionAsPercent(data.top10.share, { dp: 1 })} note={`${money(fmt, data.top10.commission, 2, "USDT")} of commission`} />
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
                      <SortableTh key={c.key} column={c.key} label={c.label} sort={sort} onSort={url.canSort ? onSort : undefined} align="right" />
                    ))}
                  </Tr>
                </THead>
                <TBody>
                  {data.rows.map((r) => (
                    <Tr key={r.uid}>
                      <Td className="font-mono">
                        <EntityLink kind="invitee" id={r.uid} />
                      </Td>
                      {COLUMNS.map((c) => (
                        <Td key={c.key} numeric>
                          {money(fmt, r[c.key], c.dp)}
                        </Td>
                      ))}
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </TableFrame>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => url.set({ page: page === 1 ? undefined : String(page) })} />
          </section>
        </>
      )}
    </div>
  );
}
