"use client";

import { useSearchParams } from "next/navigation";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { StackedSeriesChart } from "@/components/reports/series-chart";
import { Stat } from "@/components/reports/stat";
import { CohortLink } from "@/components/reports/cohort-link";
import { DataAsOf } from "@/components/reports/data-as-of";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { ReportSection } from "@/components/reports/report-section";
import { useReport } from "@/components/reports/use-report";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { UserPlusIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatCount } from "@/lib/format/amount";
import { METRICS, type MetricDefinition } from "@/lib/metrics/definitions";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { conversionOf, funnelSteps, type FunnelStep } from "@/lib/reports/funnel-steps";
import { inviteesContract, type InviteeAnswer } from "@/lib/reports/invitees/contract";
import { InviteeDirectory } from "./directory";

/** The steps that are defined metrics (lib/metrics), with their "?": KYC passed, and First trade (its share of the sign-ups, in the note). */
const STEP_METRIC: Partial<Record<FunnelStep["step"], MetricDefinition>> = { kyc: METRICS.kycPassed, traded: METRICS.firstTrade };

const hours = (h: number | null) => (h === null ? "—" : h < 48 ? `${h.toFixed(1)} h` : `${(h / 24).toFixed(1)} days`);

/** "35.0 % of sign-ups · median 6.0 h after sign-up" under a funnel step (nothing under the first). */
function stepNote(step: FunnelStep): string | undefined {
  if (step.of === null) return undefined;
  const conversion = conversionOf(step);
  const share = `${conversion === null ? "—" : formatFractionAsPercent(conversion, { dp: 1 })} of ${step.basis}`;
  return step.medianAfter ? `${share} · median ${hours(step.medianHours)} after ${step.medianAfter}` : share;
}

export function InviteesView() {
  const report = useReport<InviteeAnswer>("invitees");
  // A code from Invite codes narrows the funnel, registrations and retention too (lib/reports/invitees/sql.ts).
  const code = useSearchParams().get("code") ?? "";
  if (report.isPending) return <Skeleton className="h-72 w-full" />;
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const f = data.funnel;
  const registrations = new Map(data.registrations.map((r) => [r.bucket, new Map([["count", String(r.count)]])]));
  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70" : "space-y-6"}>
      <FilterBar filters={filtersOf(inviteesContract.filters)} />
      <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The funnel, registrations and retention count the people who <strong className="font-medium">signed up in this period</strong>
        {code ? (
          <>
            {" "}
            with invite code <span className="font-mono">{code}</span>
          </>
        ) : null}
        ; the directory below lists <strong className="font-medium">every invitee</strong>
        {code ? " of that code" : ""}, whenever they signed up, with this period&apos;s figures beside each.
      </p>
      {f.registered === 0 ? (
        <EmptyState title="No invitees registered in this period" description="Nobody in the warehouse signed up in these dates; the directory below still lists everyone." icon={<UserPlusIcon className="size-6" />} />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Funnel">
            {funnelSteps(f).map((s) => (
              <Stat key={s.step} label={s.label} value={formatCount(s.invitees)} note={stepNote(s)} {...(STEP_METRIC[s.step] ? { help: STEP_METRIC[s.step] } : {})} />
            ))}
          </dl>
          <div className="flex justify-end">
            <ExportCsvLink report="invitees" table="funnel" label="Funnel" />
          </div>
          <ReportSection label="Registrations per period" report="invitees" table="registrations" kind="chart">
            <StackedSeriesChart title="Registrations per period" buckets={data.buckets} series={[{ key: "count", label: "Registrations", color: "#1d5ef1" }]} values={registrations} unit="sign-ups" />
          </ReportSection>
          <ReportSection label="Retention by signup month" report="invitees" table="retention" kind="table">
            <p className="px-4 text-xs text-slate-600 dark:text-slate-400">Share of each month&apos;s sign-ups with trades in each later month (month 0 = the signup month).</p>
            <TableFrame label="Retention matrix">
              <Table caption="Retention by signup month">
                <THead>
                  <Tr>
                    <Th>Cohort</Th>
                    <Th align="right">Size</Th>
                    {Array.from({ length: Math.max(0, ...data.retention.map((c) => c.active.length)) }, (_, k) => (
                      <Th key={k} align="right">
                        M{k}
                      </Th>
                    ))}
                  </Tr>
                </THead>
                <TBody>
                  {data.retention.map((c) => (
                    <Tr key={c.cohort}>
                      <Td>
                        <CohortLink cohort={c.cohort} range={data.range} size={c.size} />
                      </Td>
                      <Td numeric>{c.size}</Td>
                      {c.active.map((a, k) => (
                        <Td key={k} numeric>
                          {formatFractionAsPercent(a, { dp: 0 })}
                        </Td>
                      ))}
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </TableFrame>
          </ReportSection>
        </>
      )}
      <InviteeDirectory data={data} />
    </div>
  );
}
