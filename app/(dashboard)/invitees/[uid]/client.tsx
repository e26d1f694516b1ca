"use client";

/**
 * One invitee's view: filters (coin, bucket interval, time zone), "data as
 * of", the profile and milestones, this period against the previous one, the
 * commission chart per product, by symbol and the rates applied. The same view
 * renders on a share link, where the locked scope names the invitee (its uid
 * masked when the link says so: everything shown comes from the answer).
 */
import { Link } from "@/components/ui/link";
import { useSearchParams } from "next/navigation";
import { DataAsOf } from "@/components/reports/data-as-of";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { useAmountFormat, useReportSource } from "@/components/reports/report-context";
import { ReportSection } from "@/components/reports/report-section";
import { StackedSeriesChart, type SeriesDef } from "@/components/reports/series-chart";
import { partialBucketOf } from "@/lib/reports/partial-bucket";
import { useReport } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { CoinsIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiClientError } from "@/lib/api-client";
import { INVITEE_SERIES, inviteeContract, type InviteeDetailAnswer } from "@/lib/reports/invitee/contract";
import { reportHref } from "@/lib/reports/entity-links";
import { BySymbol, Comparison, RatesApplied } from "./figures";
import { Milestones, ProfileCard } from "./profile";

const FILTERS = filtersOf(inviteeContract.filters);
const COLORS: Record<(typeof INVITEE_SERIES)[number]["key"], string> = { FUTURES: "#1d5ef1", SPOT: "#0f9d74" };
const SERIES: readonly SeriesDef[] = INVITEE_SERIES.map((s) => ({ ...s, color: COLORS[s.key] }));

/** The series of the view's coin pivoted per bucket: bucket → product → commission. */
function seriesValues(data: InviteeDetailAnswer): Map<string, Map<string, string>> {
  const byBucket = new Map<string, Map<string, string>>();
  for (const p of data.series) {
    const row = byBucket.get(p.bucket) ?? new Map<string, string>();
    row.set(p.productType, p.commission);
    byBucket.set(p.bucket, row);
  }
  return byBucket;
}

/** An unknown uid: said in words, with the way back to the directory (keeping the view's filters). */
function NotFound() {
  const params = useSearchParams();
  const shared = useReportSource().shared;
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900/70 dark:bg-amber-950/40 dark:text-amber-100">
      <p className="font-semibold">No such invitee here</p>
      <p className="mt-1">
        The warehouse of this connection holds no invitee with this uid. It may belong to another connection, or not be synced yet (invited users are
        read again every 15 minutes).
      </p>
      {shared ? null : (
        <p className="mt-2">
          <Link href={reportHref("/invitees", params)} className="font-medium underline">
            Back to the invitee directory
          </Link>
        </p>
      )}
    </div>
  );
}

export function InviteeDetailView() {
  const report = useReport<InviteeDetailAnswer>("invitee");
  const fmt = useAmountFormat();

  if (report.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <FilterBar filters={FILTERS} />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (report.isError) {
    if (isApiClientError(report.error) && report.error.status === 404) return <NotFound />;
    return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  }
  const data = report.data;
  const coin = data.current.coin;

  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70 transition-opacity" : "space-y-6"}>
      <FilterBar filters={FILTERS} />
      <DataAsOf asOf={data.dataAsOf} />
      {data.issues.length > 0 ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
          {data.issues.join("; ")}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProfileCard data={data} />
        <Milestones milestones={data.milestones} listed={data.profile.listed} />
      </div>
      <Comparison data={data} />
      {data.current.items === 0 ? (
        <EmptyState
          title={`No ${coin} commission from this invitee in this period`}
          description="The warehouse holds no commission item of this invitee for these dates and this coin. Another coin, a longer period, or the sync's progress may show some."
          icon={<CoinsIcon className="size-6" />}
        />
      ) : (
        <>
          <ReportSection label={`Commission per period (${fmt.coinHeading(coin)})`} report="invitee" table="series" kind="chart">
            <StackedSeriesChart title={`Commission per period in ${coin}, by product`} buckets={data.buckets} series={SERIES} values={seriesValues(data)} unit={fmt.unit(coin)} partialBucket={partialBucketOf(data.buckets, data.periods)} />
          </ReportSection>
          {/* Side by side only from 2xl: at 1440 px half the width clipped By symbol's five amount columns. */}
          <div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
            <BySymbol data={data} />
            <RatesApplied data={data} />
          </div>
        </>
      )}
    </div>
  );
}
