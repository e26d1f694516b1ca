"use client";

/**
 * The Overview's main chart: the view coin's commission per period, the earlier period the URL's compare choice
 * names (previous period or a year earlier) overlaid by position; the bucket holding today is marked partial. On a
 * month or quarter to date by day, the period's commission targets as the pace a day needs (overview-trend-pace.ts).
 */
import { TODAY_PARTIAL } from "@/lib/reports/partial-bucket";
import { ComparedPeriodsChart, type CompareSeries, type ComparedRow } from "@/components/reports/compare-chart";
import { useAmountFormat } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import type { OverviewAnswer } from "@/lib/reports/overview/contract";
import { COMPARE_IN_WORDS, COMPARE_LABELS } from "@/lib/reports/periods";
import { useTrendPace } from "./overview-trend-pace";

const seriesOf = (compare: OverviewAnswer["compare"]): readonly [CompareSeries, CompareSeries] => [
  { key: "now", label: "This period", color: "#1d5ef1" },
  { key: "before", label: COMPARE_LABELS[compare], color: "#94a3b8", dashed: true },
];

export function CommissionTrend({ data }: { data: OverviewAnswer }) {
  const fmt = useAmountFormat();
  const pace = useTrendPace(data, fmt.unit(data.coin));
  // The current period's last bucket holds today while it is partial.
  const lastBucket = data.periods.partialDay === null ? null : data.commissionTrend.findLast((p) => p.bucket !== null)?.bucket;
  const rows: ComparedRow[] = data.commissionTrend.map((p) => ({
    // The axis reads this period's dates; a position only the earlier period has is named by its own.
    label: p.bucket === null ? `(${p.previousBucket ?? ""})` : p.bucket === lastBucket ? `${p.bucket} (${TODAY_PARTIAL})` : p.bucket,
    bucket: p.bucket,
    previousBucket: p.previousBucket,
    now: p.commission,
    before: p.previousCommission,
    state: p.state,
    previousState: p.previousState,
  }));
  return (
    <ReportSection label={`Commission per period vs ${COMPARE_IN_WORDS[data.compare]} (${fmt.coinHeading(data.coin)})`} report="overview" table="commission-trend" kind="chart">
      <ComparedPeriodsChart title={`Commission per period in ${data.coin}, with ${COMPARE_IN_WORDS[data.compare]}`} rows={rows} series={seriesOf(data.compare)} unit={fmt.unit(data.coin)} goals={pace.goals} goalNote={pace.note} />
    </ReportSection>
  );
}
