"use client";

import Decimal from "decimal.js";
import { Link } from "@/components/ui/link";
import { ContractTable } from "@/components/reports/contract-table";
import { UsdtOnlyNote } from "@/components/reports/usdt-only-note";
import { DataAsOf } from "@/components/reports/data-as-of";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { money, total, useAmountFormat, type AmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import { StackedSeriesChart } from "@/components/reports/series-chart";
import { PeriodsNote } from "@/components/reports/periods-note";
import { Stat } from "@/components/reports/stat";
import { useReport } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { UsersIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiClientError } from "@/lib/api-client";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { FEE_SPLIT_SERIES, subAffiliateContract, type SubAffiliateDetailAnswer } from "@/lib/reports/sub-affiliate/contract";
import { comparedGap, TODAY_ONLY } from "@/lib/reports/compared-gap";
import { PRODUCT_LABELS } from "@/lib/reports/filters";
import { partialBucketOf } from "@/lib/reports/partial-bucket";
import { SUB_AFFILIATE_METRICS as M } from "@/lib/metrics/sub-affiliate";
import { OverrideSection } from "./override";
import { ViaSubAgentsSection } from "./via-sub-agents";

const FILTERS = filtersOf(subAffiliateContract.filters);
const FEE_SPLIT_COLORS = { paid: "#1d5ef1", afterSubShare: "#0f9f6e" } as const;
const FEE_SPLIT = FEE_SPLIT_SERIES.map((s) => ({ ...s, color: FEE_SPLIT_COLORS[s.key] }));

const PRODUCT_COLORS = { SPOT: "#94a3b8", FUTURES: "#1d5ef1" } as const;

/**
 * "previous period 12.30 USDT (+12.3 %)", or why there is no change to show: the previous days are not synced (blank,
 * never 0), or today is the period's only day. While today is partial `now` is the whole days only (the partial-day rule).
 */
function changeNote(fmt: AmountFormat, now: string | null, before: string, dp: number, gap: string | null): string {
  // A percentages link shows shares, not amounts: a change between shares of different wholes would mislead.
  if (fmt.percentages) return "";
  if (gap !== null && gap !== TODAY_ONLY) return `previous period: ${gap.startsWith("not synced") ? gap : `not synced, ${gap}`}`;
  const text = `previous period ${money(fmt, before, dp, "USDT")}`;
  if (now === null) return `${text} (no change: ${TODAY_ONLY})`;
  const prev = new Decimal(before);
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
  // Snapshot links frozen before these fields existed (they held "margin") lack them: show what they have.
  const old = data as Partial<Pick<SubAffiliateDetailAnswer, "feeSplit" | "override">>;
  const splits = new Map((old.feeSplit ?? []).map((m) => [m.bucket, new Map([["paid", m.paidCommission], ["afterSubShare", m.afterSubShare]])]));
  // Changes compare whole days only: while today is partial, this period without today (null: today is its only day).
  const compared = data.periods?.partialDay ? (data.currentWholeDays ?? null) : t;
  const gap = data.periods && data.coverage ? comparedGap(data.coverage, data.periods, "previous") : null;
  const unheld = gap !== null && gap !== TODAY_ONLY;
  const stat = (metric: "tradingVolume" | "netTradingFee" | "paidCommission" | "afterSubShare", dp: number) => (
    <Stat
      label={`${M[metric].label} (${fmt.totalUnit("USDT")})`}
      definition={M[metric].definition}
      value={total(fmt, t[metric], dp)}
      note={changeNote(fmt, compared ? compared[metric] : null, p[metric], dp, gap)}
    />
  );
  const partialBucket = partialBucketOf(data.buckets, data.periods);
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
        {stat("tradingVolume", 0)}
        {stat("netTradingFee", 2)}
        {stat("paidCommission", 2)}
        {stat("afterSubShare", 2)}
      </dl>
      <UsdtOnlyNote />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Active on {t.activeDays} {t.activeDays === 1 ? "day" : "days"} of this period; the previous period is {p.from} to {p.to}{" "}
        {gap !== null && gap !== TODAY_ONLY ? `(not synced: ${gap})` : `(${p.activeDays} active ${p.activeDays === 1 ? "day" : "days"})`}.
      </p>
      {data.periods ? <PeriodsNote periods={data.periods} compare={data.compare ?? "previous"} /> : null}
      <ReportSection label="Per product" title="Per product: share of all sub-affiliates" report="sub-affiliate" table="products" kind="table">
        <ContractTable
          table={subAffiliateContract.tables.products}
          rows={data.products}
          rowKey={(r) => r.productType}
          label="Per product"
          caption="This sub-affiliate per product, its share of all sub-affiliates and the previous period"
          coin="USDT"
          // The page shows the previous period's volume; its other figures and why they are blank are the CSV's.
          omit={["previousNetTradingFee", "previousPaidCommission", "previousAfterSubShare", "previousCoverage"]}
          views={{
            productType: { render: (r) => PRODUCT_LABELS[r.productType] },
            tradingVolume: { dp: 0 },
            // Not held: "not synced" with the reason on hover, never 0.
            previousTradingVolume: unheld ? { render: () => "not synced", title: () => gap ?? undefined } : { dp: 0 },
          }}
        />
      </ReportSection>
      <ReportSection label="Volume per period and product" report="sub-affiliate" table="series" kind="chart">
        <StackedSeriesChart title="Trading volume per period, by product" buckets={data.buckets} series={productSeries} values={volumes} unit={fmt.unit("USDT")} partialBucket={partialBucket} />
      </ReportSection>
      <ReportSection label="Net fee split per period" title="Net fee per period: paid to this sub-affiliate, and left after its share" report="sub-affiliate" table="fee-split" kind="chart">
        <StackedSeriesChart title="Net fee per period: paid to the sub-affiliate, and left after its share (exchange and your override together)" buckets={data.buckets} series={FEE_SPLIT} values={splits} unit={fmt.unit("USDT")} partialBucket={partialBucket} />
      </ReportSection>
      {old.override ? <OverrideSection override={old.override} coin={data.viaSubAgents.coin} /> : null}
      <ViaSubAgentsSection via={data.viaSubAgents} />
    </div>
  );
}
