"use client";

/** The Overview's main chart: the view coin's commission per period, the previous period overlaid by position. */
import { ComparedPeriodsChart, type CompareSeries, type ComparedRow } from "@/components/reports/compare-chart";
import { useAmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import type { OverviewAnswer } from "@/lib/reports/contracts/overview";

const SERIES: readonly [CompareSeries, CompareSeries] = [
  { key: "now", label: "This period", color: "#1d5ef1" },
  { key: "before", label: "Previous period", color: "#94a3b8", dashed: true },
];

export function CommissionTrend({ data }: { data: OverviewAnswer }) {
  const fmt = useAmountFormat();
  const rows: ComparedRow[] = data.commissionTrend.map((p) => ({
    // The axis reads this period's dates; a position only the previous period has is named by its own.
    label: p.bucket ?? `(${p.previousBucket ?? ""})`,
    bucket: p.bucket,
    previousBucket: p.previousBucket,
    now: p.commission,
    before: p.previousCommission,
    state: p.state,
    previousState: p.previousState,
  }));
  return (
    <ReportSection label={`Commission per period vs the previous period (${data.coin})`} report="overview" table="commission-trend" kind="chart">
      <ComparedPeriodsChart title={`Commission per period in ${data.coin}, with the previous period`} rows={rows} series={SERIES} unit={fmt.unit(data.coin)} />
    </ReportSection>
  );
}
