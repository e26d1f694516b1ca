"use client";

import { MetricHelp } from "@/components/reports/metric-help";
import { METRICS } from "@/lib/metrics/definitions";
import Decimal from "decimal.js";
import type { ReactNode } from "react";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { StackedSeriesChart, type SeriesDef } from "@/components/reports/series-chart";
import { DataAsOf } from "@/components/reports/data-as-of";
import { ContractTable } from "@/components/reports/contract-table";
import { IssuesNotice } from "@/components/reports/issues-notice";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { ReportSection } from "@/components/reports/report-section";
import { Total } from "@/components/reports/money";
import { useAmountFormat } from "@/components/reports/report-context";
import { useReport, useReportParams } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { CoinsIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { formatRateAsPercent } from "@/lib/format/decimal";
import { COMMISSION_SERIES, commissionSeriesOf, commissionsContract, type CommissionAnswer, type CommissionBreakdownRow } from "@/lib/reports/commissions/contract";
import { coinOf } from "@/lib/reports/filters";
import { countOf } from "@/lib/format/plural";
import { AllCoinsCard } from "@/components/reports/all-coins-total";
import { CoinViewLink, LeftOutCoins, OtherCoinsNote } from "./coin-views";
import { usdtColumnUnlessValued, valuedColumnsUnless } from "@/components/reports/valued-column";

const COLORS = ["#1d5ef1", "#7aa2f7", "#0f9d74", "#7fd3b6"] as const;
const SERIES: readonly SeriesDef[] = COMMISSION_SERIES.map((s, i) => ({ ...s, color: COLORS[i] ?? "#94a3b8" }));

const FILTERS = filtersOf(commissionsContract.filters, commissionsContract.noCoinMeans);

/** The chart's values: the all-coins view's USDT series when every stack of it is valued, else the coin's own. */
function chartOf(data: CommissionAnswer, coin: string): { values: Map<string, Map<string, string>>; valued: boolean } {
  if (data.view === "all" && data.valuedSeries.every((p) => p.commission !== null)) {
    const values = new Map<string, Map<string, string>>();
    for (const p of data.valuedSeries) {
      const row = values.get(p.bucket) ?? new Map<string, string>();
      row.set(`${p.productType}|${p.sourceType}`, p.commission ?? "0");
      values.set(p.bucket, row);
    }
    return { values, valued: true };
  }
  return { values: commissionSeriesOf(data, coin), valued: false };
}


/** A breakdown table as its contract describes it (the view shows one coin, so no coin column); invitee uids link to their pages. */
function Breakdown({ title, coin, rows, table, allCoins = false, after }: { title: string; coin: string; rows: readonly CommissionBreakdownRow[]; table: "top-invitees" | "by-symbol"; allCoins?: boolean; after?: ReactNode }) {
  return (
    <ReportSection label={title} report="commissions" table={table} kind="table">
      <ContractTable
        table={commissionsContract.tables[table]}
        rows={rows}
        rowKey={(r) => `${r.key}|${r.coin}`}
        label={title}
        caption={title}
        coin={allCoins ? null : coin}
        omit={allCoins ? [] : ["coin", ...valuedColumnsUnless(coin, ["commissionUsdt", "feeUsdt"] as const)]}
        views={{ volume: { dp: 0 } }}
      />
      {after}
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
  const all = data.view === "all";
  const chart = chartOf(data, coin);
  const coins = data.totals.map((t) => t.coin);
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
          {all ? null : <OtherCoinsNote coin={coin} others={data.otherCoins} />}
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {data.allCoins ? <AllCoinsCard scope="within the view's filters" value={data.allCoins.commission} natives={data.totals} prices={data.allCoins.prices} /> : null}
            {data.totals.map((t) => (
              <div key={t.coin} className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400">
                  {/* Its own element, so the label reads (and is found) exactly, without the "?" and its definition. */}
                  <span>{fmt.percentages ? `${t.coin} commission (${fmt.totalUnit(t.coin)})` : `${METRICS.commission.label} (${t.coin})`}</span>
                  <MetricHelp label={METRICS.commission.label} definition={METRICS.commission.definition} />
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
                  <MetricHelp label={METRICS.inviteesInCoin.label} definition={METRICS.inviteesInCoin.definition} />
                </dd>
                <dd className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
                  volume ({fmt.totalUnit("USDT")}): taker <Total value={t.takerVolume} coin="USDT" dp={0} /> · maker <Total value={t.makerVolume} coin="USDT" dp={0} />
                  <MetricHelp label={`${METRICS.volumeInCoin.label} of ${t.coin} items`} definition={METRICS.volumeInCoin.definition} />
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap justify-end gap-3">
            {/* The audit of the all-coins figures: each day's amount of each other coin, the close used, its USDT value. */}
            {all && coins.some((c) => c !== "USDT") ? <ExportCsvLink report="commissions" table="valuation" label="How each coin was valued" /> : null}
            <ExportCsvLink report="commissions" table="totals" label="Totals per coin" />
          </div>
          {chart.valued ? (
            <ReportSection label={`Commission per period, all coins (${fmt.coinHeading("≈ USDT")})`} report="commissions" table="series-usdt" kind="chart">
              <StackedSeriesChart
                title={fmt.percentages ? "Commission per period, all coins, % of the period's total" : "Commission per period, all coins valued"}
                buckets={data.buckets}
                series={SERIES}
                values={chart.values}
                unit={fmt.unit("USDT")}
              />
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-400" data-testid="native-series">
                <p>
                  Each coin natively:{" "}
                  {coins.map((c, i) => (
                    <span key={c}>
                      {i > 0 ? " · " : ""}
                      <CoinViewLink coin={c}>{c}</CoinViewLink>
                    </span>
                  ))}
                </p>
                <ExportCsvLink report="commissions" table="series" label="Commission per period, each coin natively" />
              </div>
            </ReportSection>
          ) : (
            <ReportSection label={`Commission per period (${fmt.coinHeading(coin)})`} report="commissions" table="series" kind="chart">
              <StackedSeriesChart title={fmt.percentages ? "Commission per period, % of the period's total" : `Commission per period in ${coin}`} buckets={data.buckets} series={SERIES} values={chart.values} unit={fmt.unit(coin)} />
              {all ? <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="chart-not-valued">{coin} items only: some days of another coin have no close held, so the chart cannot show every coin in USDT (the headline says which).</p> : null}
            </ReportSection>
          )}
          <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
            <Breakdown
              title={`Top invitees (${fmt.coinHeading(coin)})`}
              coin={coin}
              rows={data.topInvitees}
              table="top-invitees"
              after={all ? <LeftOutCoins shown={coin} coins={coins} /> : null}
            />
            <Breakdown title={all ? "By symbol (each coin natively)" : `By symbol (${fmt.coinHeading(coin)})`} coin={coin} rows={data.bySymbol} table="by-symbol" allCoins={all} />
          </div>
          {/* The rebate rates are withheld on a percentages link (lib/share/redact.ts): no table of them there. */}
          {fmt.percentages ? null : (
          <ReportSection label={`Rebate rate distribution (${coin})`} report="commissions" table="rates" kind="table">
            <ContractTable
              table={commissionsContract.tables.rates}
              rows={data.rates}
              rowKey={(r) => `${r.rate}|${r.coin}`}
              label="Rebate rates"
              caption={`Items and commission per rebate rate, in ${coin}`}
              coin={coin}
              omit={["coin", ...usdtColumnUnlessValued(coin)]}
            />
            {all ? <LeftOutCoins shown={coin} coins={coins} /> : null}
          </ReportSection>
          )}
        </>
      )}
    </div>
  );
}
