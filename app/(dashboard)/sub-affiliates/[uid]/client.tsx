"use client";

import Decimal from "decimal.js";
import Link from "next/link";
import { DataAsOf } from "@/components/reports/data-as-of";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { money, total, useAmountFormat, type AmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import { StackedSeriesChart } from "@/components/reports/series-chart";
import { Stat } from "@/components/reports/stat";
import { useReport } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { UsersIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { isApiClientError } from "@/lib/api-client";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { MARGIN_SERIES, subAffiliateContract, type SubAffiliateDetailAnswer } from "@/lib/reports/contracts/sub-affiliate";
import { PRODUCT_LABELS } from "@/lib/reports/filters";
import { ViaSubAgentsSection } from "./via-sub-agents";

const FILTERS = filtersOf(subAffiliateContract.filters);
const MARGIN_COLORS = { paid: "#1d5ef1", margin: "#0f9f6e" } as const;
const MARGIN = MARGIN_SERIES.map((s) => ({ ...s, color: MARGIN_COLORS[s.key] }));
const PRODUCT_COLORS = { SPOT: "#94a3b8", FUTURES: "#1d5ef1" } as const;

/** "+12.3 % on the previous period", or why there is no change to show. */
function changeNote(fmt: AmountFormat, now: string, before: string, dp: number): string {
  // A percentages link shows shares, not amounts: a change between shares of different wholes would mislead.
  if (fmt.percentages) return "";
  const prev = new Decimal(before);
  const text = `previous period ${money(fmt, before, dp, "USDT")}`;
  if (prev.isZero()) return `${text} (no change to compute)`;
  return `${text} (${formatFractionAsPercent(new Decimal(now).minus(prev).div(prev.abs()).toFixed(6), { dp: 1, sign: true })})`;
}

export function SubAffiliateView() {
  const report = useReport<SubAffiliateDetailAnswer>("sub-affiliate");
  const fmt = useAmountFormat();
  if (report.isPending) return <Skeleton className="h-72 w-full" />;
  if (report.isError) {
    if (isApiClientError(report.error) && report.error.status === 404) {
      return (
        <EmptyState
          title="This sub-affiliate is not in the synced data"
          description="The warehouse holds no sub-affiliate record (querySubChannelTransactions) with this uid for the selected connection. Check the uid, or pick one on the Sub-affiliates page."
          icon={<UsersIcon className="size-6" />}
          action={
            <Link href="/sub-affiliates" className="text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300">
              All sub-affiliates
            </Link>
          }
        />
      );
    }
    return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  }
  const data = report.data;
  const t = data.totals;
  const p = data.previous;
  const volumes = new Map<string, Map<string, string>>();
  for (const s of data.series) {
    const row = volumes.get(s.bucket) ?? new Map<string, string>();
    row.set(s.productType, s.tradingVolume);
    volumes.set(s.bucket, row);
  }
  const productSeries = data.products.map((r) => ({ key: r.productType, label: `${PRODUCT_LABELS[r.productType]} volume`, color: PRODUCT_COLORS[r.productType] }));
  const margins = new Map(data.margin.map((m) => [m.bucket, new Map([["paid", m.paidCommission], ["margin", m.margin]])]));
  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70" : "space-y-6"}>
      <FilterBar filters={FILTERS} />
      <DataAsOf asOf={data.dataAsOf} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Sub-affiliate <span className="font-mono">{data.subAffiliateUid}</span>: the warehouse holds its records from {data.known.firstDay} to {data.known.lastDay}.
        {t.activeDays === 0 ? " None of them falls in this period." : ""}
        {/* Records before the first one held may simply not be synced: say so rather than let zeros read as no activity. */}
        {data.known.firstDay !== null && p.from < data.known.firstDay
          ? ` Days before ${data.known.firstDay} may not be synced yet, so ${data.range.from < data.known.firstDay ? "this period and " : ""}the previous period may be incomplete.`
          : ""}
      </p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="This period">
        <Stat label={`Trading volume (${fmt.totalUnit("USDT")})`} value={total(fmt, t.tradingVolume, 0)} note={changeNote(fmt, t.tradingVolume, p.tradingVolume, 0)} />
        <Stat label={`Net trading fee (${fmt.totalUnit("USDT")})`} value={total(fmt, t.netTradingFee, 2)} note={changeNote(fmt, t.netTradingFee, p.netTradingFee, 2)} />
        <Stat label={`Paid commission (${fmt.totalUnit("USDT")})`} value={total(fmt, t.paidCommission, 2)} note={changeNote(fmt, t.paidCommission, p.paidCommission, 2)} />
        <Stat label={`Margin kept (${fmt.totalUnit("USDT")})`} value={total(fmt, t.margin, 2)} note={changeNote(fmt, t.margin, p.margin, 2)} />
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Active on {t.activeDays} {t.activeDays === 1 ? "day" : "days"} of this period; the previous period is {p.from} to {p.to} ({p.activeDays} active{" "}
        {p.activeDays === 1 ? "day" : "days"}).
      </p>
      <ReportSection label="Per product" title="Per product: share of all sub-affiliates" report="sub-affiliate" table="products" kind="table">
        <TableFrame label="Per product">
          <Table caption="This sub-affiliate per product, its share of all sub-affiliates and the previous period">
            <THead>
              <Tr>
                <Th>Product</Th>
                <Th align="right">Volume ({fmt.unit("USDT")})</Th>
                <Th align="right">Share of volume</Th>
                <Th align="right">Net fee ({fmt.unit("USDT")})</Th>
                <Th align="right">Share of net fee</Th>
                <Th align="right">Paid commission ({fmt.unit("USDT")})</Th>
                <Th align="right">Share of paid</Th>
                <Th align="right">Margin kept ({fmt.unit("USDT")})</Th>
                <Th align="right">Previous volume ({fmt.unit("USDT")})</Th>
              </Tr>
            </THead>
            <TBody>
              {data.products.map((r) => (
                <Tr key={r.productType}>
                  <Td>{PRODUCT_LABELS[r.productType]}</Td>
                  <Td numeric>{money(fmt, r.tradingVolume, 0)}</Td>
                  <Td numeric>{formatFractionAsPercent(r.volumeShare, { dp: 1 })}</Td>
                  <Td numeric>{money(fmt, r.netTradingFee, 2)}</Td>
                  <Td numeric>{formatFractionAsPercent(r.feeShare, { dp: 1 })}</Td>
                  <Td numeric>{money(fmt, r.paidCommission, 2)}</Td>
                  <Td numeric>{formatFractionAsPercent(r.commissionShare, { dp: 1 })}</Td>
                  <Td numeric>{money(fmt, r.margin, 2)}</Td>
                  <Td numeric>{money(fmt, r.previousTradingVolume, 0)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </TableFrame>
      </ReportSection>
      <ReportSection label="Volume per period and product" report="sub-affiliate" table="series" kind="chart">
        <StackedSeriesChart title="Trading volume per period, by product" buckets={data.buckets} series={productSeries} values={volumes} unit={fmt.unit("USDT")} />
      </ReportSection>
      <ReportSection label="Margin kept per period" title="Net fee per period: paid to this sub-affiliate and kept" report="sub-affiliate" table="margin" kind="chart">
        <StackedSeriesChart title="Net fee per period, paid commission and margin kept" buckets={data.buckets} series={MARGIN} values={margins} unit={fmt.unit("USDT")} />
      </ReportSection>
      <ViaSubAgentsSection via={data.viaSubAgents} />
    </div>
  );
}
