"use client";

import Decimal from "decimal.js";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { StackedSeriesChart, type SeriesDef } from "@/components/reports/series-chart";
import { DataAsOf } from "@/components/reports/data-as-of";
import { EntityLink } from "@/components/reports/entity-link";
import { IssuesNotice } from "@/components/reports/issues-notice";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { ReportSection } from "@/components/reports/report-section";
import { MoneyTd, Total } from "@/components/reports/money";
import { useAmountFormat } from "@/components/reports/report-context";
import { useReport, useReportParams } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { CoinsIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatRateAsPercent } from "@/lib/format/decimal";
import type { TableId } from "@/lib/reports/contracts";
import { COMMISSION_SERIES, commissionSeriesOf, commissionsContract, type CommissionAnswer, type CommissionBreakdownRow } from "@/lib/reports/contracts/commissions";
import { coinOf } from "@/lib/reports/filters";
import { formatCount } from "@/lib/format/amount";
import { countOf } from "@/lib/format/plural";

const COLORS = ["#1d5ef1", "#7aa2f7", "#0f9d74", "#7fd3b6"] as const;
const SERIES: readonly SeriesDef[] = COMMISSION_SERIES.map((s, i) => ({ ...s, color: COLORS[i] ?? "#94a3b8" }));

const FILTERS = filtersOf(commissionsContract.filters);


/** `invitees`: the keys are invitee uids, each a link to the invitee's page (keeping the filters). */
function Breakdown({ title, keyLabel, coin, rows, table, invitees = false }: { title: string; keyLabel: string; coin: string; rows: readonly CommissionBreakdownRow[]; table: TableId<"commissions">; invitees?: boolean }) {
  const fmt = useAmountFormat();
  return (
    <ReportSection label={title} report="commissions" table={table} kind="table">
      <TableFrame label={title}>
        <Table caption={title}>
          <THead>
            <Tr>
              <Th>{keyLabel}</Th>
              <Th align="right">Commission ({fmt.unit(coin)})</Th>
              <Th align="right">Net fee ({fmt.unit(coin)})</Th>
              <Th align="right">Volume ({fmt.unit("USDT")})</Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((r) => (
              <Tr key={`${r.key}|${r.coin}`}>
                <Td className="font-mono">{invitees ? <EntityLink kind="invitee" id={r.key} /> : r.key}</Td>
                <MoneyTd value={r.commission} coin={r.coin} />
                <MoneyTd value={r.fee} coin={r.coin} />
                <MoneyTd value={r.volume} coin="USDT" dp={0} />
              </Tr>
            ))}
          </TBody>
        </Table>
      </TableFrame>
    </ReportSection>
  );
}

export function CommissionsView() {
  const { filters } = useReportParams("commissions");
  const report = useReport<CommissionAnswer>("commissions");
  const fmt = useAmountFormat();
  // The coin shown: a rejected coin=… in the URL is never a title (the page's notice names it).
  const coin = coinOf(filters);

  if (report.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <FilterBar filters={FILTERS} />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const values = commissionSeriesOf(data, coin);
  const empty = data.totals.length === 0;

  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70 transition-opacity" : "space-y-6"}>
      <FilterBar filters={FILTERS} />
      <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
      <IssuesNotice issues={data.issues} />
      {empty ? (
        <EmptyState
          title="No commission in this view"
          description="Nothing in the warehouse matches these filters and dates. A new connection's history fills in as the sync reads it, newest first."
          icon={<CoinsIcon className="size-6" />}
        />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {data.totals.map((t) => (
              <div key={t.coin} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400">
                  Commission ({fmt.percentages ? `${t.coin}, ${fmt.totalUnit(t.coin)}` : t.coin})
                </dt>
                <dd className="mt-1 text-xl font-semibold tabular-nums">
                  <Total value={t.commission} coin={t.coin} />
                </dd>
                <dd className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                  fee <Total value={t.fee} coin={t.coin} />
                  {/* On a percentages link the figures are changes: their ratio is no rate. */}
                  {fmt.percentages ? null : (
                    <> · effective rate {new Decimal(t.fee).gt(0) ? formatRateAsPercent(new Decimal(t.commission).div(t.fee).toFixed(6), { maxDp: 1 }) : "—"}</>
                  )}{" "}
                  · {countOf(t.invitees, "invitee")}
                </dd>
                <dd className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                  volume ({fmt.totalUnit("USDT")}): taker <Total value={t.takerVolume} coin="USDT" dp={0} /> · maker <Total value={t.makerVolume} coin="USDT" dp={0} />
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex justify-end">
            <ExportCsvLink report="commissions" table="totals" label="Totals per coin" />
          </div>
          <ReportSection label={`Commission per period (${coin})`} report="commissions" table="series" kind="chart">
            <StackedSeriesChart title={`Commission per period in ${coin}`} buckets={data.buckets} series={SERIES} values={values} unit={fmt.unit(coin)} />
          </ReportSection>
          <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
            <Breakdown title={`Top invitees (${coin})`} keyLabel="Invitee uid" coin={coin} rows={data.topInvitees} table="top-invitees" invitees />
            <Breakdown title={`By symbol (${coin})`} keyLabel="Symbol" coin={coin} rows={data.bySymbol} table="by-symbol" />
          </div>
          <ReportSection label={`Rebate rate distribution (${coin})`} report="commissions" table="rates" kind="table">
            <TableFrame label="Rebate rates">
              <Table caption={`Items and commission per rebate rate, in ${coin}`}>
                <THead>
                  <Tr>
                    <Th>Rate</Th>
                    <Th align="right">Items</Th>
                    <Th align="right">Commission ({fmt.unit(coin)})</Th>
                  </Tr>
                </THead>
                <TBody>
                  {data.rates.map((r) => (
                    <Tr key={`${r.rate}|${r.coin}`}>
                      <Td>{formatRateAsPercent(r.rate, { maxDp: 2 })}</Td>
                      <Td numeric>{formatCount(r.items)}</Td>
                      <MoneyTd value={r.commission} coin={r.coin} />
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </TableFrame>
          </ReportSection>
        </>
      )}
    </div>
  );
}
