"use client";

import { CampaignReturnsSection } from "@/components/campaign-costs/returns-section";
import { AllCoinsCard } from "@/components/reports/all-coins-total";
import { DataAsOf } from "@/components/reports/data-as-of";
import { EntityLink } from "@/components/reports/entity-link";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { ContractTable } from "@/components/reports/contract-table";
import { MetricHelp } from "@/components/reports/metric-help";
import { ReportSection } from "@/components/reports/report-section";
import { StackedSeriesChart } from "@/components/reports/series-chart";
import { Stat } from "@/components/reports/stat";
import { useReport } from "@/components/reports/use-report";
import { useUrlParams } from "@/components/reports/use-url-param";
import { usdtColumnUnlessValued } from "@/components/reports/valued-column";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { TagIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { formatCount } from "@/lib/format/amount";
import { countOf } from "@/lib/format/plural";
import { METRICS } from "@/lib/metrics/definitions";
import { INVITE_CODE_STAGES, inviteCodesContract, isSmallSample, SMALL_SAMPLE, stagesOf, type InviteCodeSort, type InviteCodesAnswer } from "@/lib/reports/invite-codes/contract";

const FILTERS = filtersOf(inviteCodesContract.filters);
const STAGE_COLORS = { traded: "#1d5ef1", depositedOnly: "#0f9f6e", signedUpOnly: "#94a3b8" } as const;
const STAGES = INVITE_CODE_STAGES.map((s) => ({ ...s, color: STAGE_COLORS[s.key] }));
const DEFAULT_SORT: InviteCodeSort = "signups";

/** Hours as the page says them: under two days in hours, else in days. */
function duration(hours: number | null): string {
  if (hours === null) return "—";
  return hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} d`;
}

/** The mark of a conversion from few sign-ups (SMALL_SAMPLE), with the count in its title and for screen readers. */
function SmallSampleMark({ signups }: { signups?: number }) {
  const words = signups === undefined ? "small sample" : `small sample: ${countOf(signups, "sign-up")}`;
  return (
    <span title={words} className="ml-1 cursor-help text-amber-700 dark:text-amber-400" data-small-sample>
      <span aria-hidden="true">*</span>
      <span className="sr-only">({words})</span>
    </span>
  );
}

const percent = (fraction: string | null) => (fraction === null ? "—" : formatFractionAsPercent(fraction, { dp: 1 }));

/** A count with its share of the sign-ups beside it: "12 (35.0 %)". */
function CountWithShare({ count, share }: { count: number; share: string | null }) {
  return (
    <>
      {formatCount(count)} <span className="text-xs text-slate-500 dark:text-slate-400">({percent(share)})</span>
    </>
  );
}

/** The columns the table sorts by on the server (the medians do not sort). */
const SORTABLE: readonly InviteCodeSort[] = ["inviteCode", "signups", "kyc", "deposited", "traded", "tradeRate", "commission", "volume"];
const M = METRICS;

export function InviteCodesView() {
  const report = useReport<InviteCodesAnswer>("invite-codes");
  const url = useUrlParams();
  const sort = { column: (url.get("sort") ?? DEFAULT_SORT) as InviteCodeSort, direction: (url.get("dir") ?? "desc") as "asc" | "desc" };
  if (report.isPending) return <Skeleton className="h-72 w-full" />;
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const t = data.totals;
  // The cohort's coins this table leaves out (it shows one coin's commission), named rather than dropped silently.
  const otherCoins = (data.allCoins?.coins ?? []).map((c) => c.coin).filter((coin) => coin !== t.coin);
  const onSort = (column: InviteCodeSort) =>
    url.set({ sort: column === DEFAULT_SORT ? undefined : column, dir: sort.column === column && sort.direction === "desc" ? "asc" : undefined });
  // The chart in sign-up order whatever the table's sort, so bars keep their places when the table is re-sorted.
  const bySignups = [...data.rows].sort((a, b) => b.signups - a.signups || (a.inviteCode < b.inviteCode ? -1 : 1));
  const stages = new Map(bySignups.map((r) => [r.inviteCode, new Map(Object.entries(stagesOf(r)).map(([k, v]) => [k, String(v)]))]));
  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70" : "space-y-6"}>
      <FilterBar filters={FILTERS} />
      <DataAsOf asOf={data.dataAsOf} />
      {t.signups === 0 ? (
        <EmptyState title="No sign-ups in this period" description="No invitee in the warehouse registered with any invite code in these dates." icon={<TagIcon className="size-6" />} />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="All codes">
            {/* Older snapshots carry no allCoins; a cohort without commission has none. */}
            {data.allCoins ? (
              <AllCoinsCard
                scope="the commission of this period's sign-ups (every code), earned in this period"
                value={data.allCoins.commission}
                natives={data.allCoins.coins}
                prices={data.allCoins.prices}
              />
            ) : null}
            <Stat label={M.signups.label} definition={M.signups.definition} value={formatCount(t.signups)} note={countOf(t.codes, "invite code")} />
            <Stat label={M.kycPassed.label} definition={M.kycPassed.definition} value={formatCount(t.kyc)} note={`${percent(t.kycRate)} of sign-ups`} />
            <Stat label={M.deposited.label} definition={M.deposited.definition} value={formatCount(t.deposited)} note={`${percent(t.depositRate)} of sign-ups · median ${duration(t.medianHoursToDeposit)} after sign-up`} />
            {/* The count is "Traded"; its share of the sign-ups is "First trade" (lib/metrics), explained beside it. */}
            <Stat
              label={M.traded.label}
              definition={M.traded.definition}
              value={formatCount(t.traded)}
              note={
                <>
                  {M.firstTrade.label.toLowerCase()} {percent(t.tradeRate)} of sign-ups
                  <MetricHelp label={M.firstTrade.label} definition={M.firstTrade.definition} /> · median {duration(t.medianHoursToTrade)} after sign-up
                </>
              }
            />
          </dl>
          {/* The audit of the headline's USDT total: each day's amount of each other coin, the close used, its value. */}
          {data.allCoins?.coins.some((c) => c.coin !== "USDT") ? (
            <div className="flex justify-end">
              <ExportCsvLink report="invite-codes" table="valuation" label="How each coin was valued" />
            </div>
          ) : null}
          <ReportSection label="Where each code's sign-ups stand" report="invite-codes" table="codes" kind="chart">
            <StackedSeriesChart title="Sign-ups per invite code, by the furthest step reached" buckets={bySignups.map((r) => r.inviteCode)} series={STAGES} values={stages} unit="sign-ups" bucketWord="invite codes" />
          </ReportSection>
          <ReportSection label="Invite codes" title="Per invite code" report="invite-codes" table="codes" kind="table">
            <p className="px-4 text-xs text-slate-600 dark:text-slate-400">
              Commission and volume are those of the code&apos;s sign-ups of this period, earned in this period; commission in {t.coin} only
              {otherCoins.length > 0 ? ` (${otherCoins.join(", ")} commission: choose the coin; every coin together is the headline's ≈ USDT total)` : ""}. The exchange gives no time for KYC, so there is no median for it. Conversions of a code with fewer than {SMALL_SAMPLE}{" "}
              sign-ups are a small sample (marked <SmallSampleMark />) and rank after the others when sorted by conversion.
            </p>
            <ContractTable
              table={inviteCodesContract.tables.codes}
              rows={data.rows}
              rowKey={(r) => r.inviteCode}
              label="Invite codes"
              caption="Invite codes: funnel, conversion, time to each step, commission and volume"
              coin={t.coin}
              // The shares of KYC and deposits sit beside their counts; the coin is the view's (in the commission header);
              // in USDT the ≈ USDT column would repeat the commission.
              omit={["kycRate", "depositRate", "coin", ...usdtColumnUnlessValued(t.coin)]}
              sort={{ ...sort, onSort: url.canSort ? onSort : undefined, columns: SORTABLE }}
              views={{
                inviteCode: { render: (r) => <EntityLink kind="invite-code" id={r.inviteCode} />, mono: true },
                kyc: { render: (r) => <CountWithShare count={r.kyc} share={r.kycRate} /> },
                deposited: { render: (r) => <CountWithShare count={r.deposited} share={r.depositRate} /> },
                tradeRate: {
                  render: (r) => (
                    <>
                      {percent(r.tradeRate)}
                      {isSmallSample(r.signups) ? <SmallSampleMark signups={r.signups} /> : null}
                    </>
                  ),
                },
                medianHoursToDeposit: { render: (r) => duration(r.medianHoursToDeposit), unitInCells: true },
                medianHoursToTrade: { render: (r) => duration(r.medianHoursToTrade), unitInCells: true },
                volume: { dp: 0 },
              }}
            />
          </ReportSection>
        </>
      )}
      {/* Outside the empty state: a code's cost shows even in a period without sign-ups. */}
      <CampaignReturnsSection />
    </div>
  );
}
