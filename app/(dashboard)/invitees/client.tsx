"use client";

import { useId, useState } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { FilterBar, filtersOf } from "@/components/reports/filter-bar";
import { usePagedRows } from "@/components/reports/print-rows";
import { StackedSeriesChart } from "@/components/reports/series-chart";
import { Stat } from "@/components/reports/stat";
import { DataAsOf } from "@/components/reports/data-as-of";
import { ExportCsvLink } from "@/components/reports/export-csv-link";
import { ReportSection } from "@/components/reports/report-section";
import { useReportSource } from "@/components/reports/report-context";
import { useReport, useReportParams } from "@/components/reports/use-report";
import { useUrlParams } from "@/components/reports/use-url-param";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { UserPlusIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { SortableTh, Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatFractionAsPercent } from "@/lib/format/decimal";
import { conversionOf, funnelSteps, type FunnelStep } from "@/lib/reports/funnel-steps";
import { inviteesContract, type InviteeAnswer, type RosterSort as SortKey } from "@/lib/reports/contracts/invitees";

const day = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().slice(0, 10));
const hours = (h: number | null) => (h === null ? "—" : h < 48 ? `${h.toFixed(1)} h` : `${(h / 24).toFixed(1)} days`);

/** "35.0 % of sign-ups · median 6.0 h after sign-up" under a funnel step (nothing under the first). */
function stepNote(step: FunnelStep): string | undefined {
  if (step.of === null) return undefined;
  const conversion = conversionOf(step);
  const share = `${conversion === null ? "—" : formatFractionAsPercent(conversion, { dp: 1 })} of ${step.basis}`;
  return step.medianAfter ? `${share} · median ${hours(step.medianHours)} after ${step.medianAfter}` : share;
}

function RosterSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  return (
    <form
      role="search"
      className="flex items-end gap-2 px-4 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div>
        <label htmlFor={id} className={labelClass}>
          Find by uid or invite code
        </label>
        <input id={id} value={text} maxLength={40} onChange={(e) => setText(e.target.value)} className={fieldClass} autoComplete="off" />
      </div>
    </form>
  );
}

const NO_ROWS = { rows: [], total: 0, page: 1, pageSize: 50 } as const;

export function InviteesView() {
  const report = useReport<InviteeAnswer>("invitees");
  const url = useUrlParams();
  const source = useReportSource();
  // Sorting as shown: the URL's, cleaned of values the page could not use (its notice names them).
  const shown = useReportParams("invitees").query;
  const sort = { column: (shown.get("sort") ?? "registerTime") as SortKey, direction: (shown.get("dir") ?? "desc") as "asc" | "desc" };
  const onPage = (page: number) => url.set({ page: page === 1 ? undefined : String(page) });
  // Hooks before the early returns: with no answer yet there are no rows to page.
  const roster = usePagedRows("invitees", report.data, (a) => a?.roster ?? NO_ROWS, onPage);
  if (report.isPending) return <Skeleton className="h-72 w-full" />;
  if (report.isError) return <ErrorPanel error={report.error} onRetry={() => void report.refetch()} />;
  const data = report.data;
  const f = data.funnel;
  const registrations = new Map(data.registrations.map((r) => [r.bucket, new Map([["count", String(r.count)]])]));
  const onSort = (column: SortKey) =>
    url.set({ sort: column === "registerTime" ? undefined : column, dir: sort.column === column && sort.direction === "desc" ? "asc" : undefined, page: undefined });
  return (
    <div className={report.isPlaceholderData ? "space-y-6 opacity-70" : "space-y-6"}>
      <FilterBar filters={filtersOf(inviteesContract.filters)} />
      <DataAsOf asOf={data.dataAsOf} coverage={data.coverage} />
      {f.registered === 0 ? (
        <EmptyState title="No invitees registered in this period" description="Nothing in the warehouse for these dates yet." icon={<UserPlusIcon className="size-6" />} />
      ) : (
        <>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Funnel">
            {funnelSteps(f).map((s) => (
              <Stat key={s.step} label={s.label} value={s.invitees} note={stepNote(s)} />
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
                      <Td>{c.cohort}</Td>
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
          <section aria-label="Invitee roster" className="rounded-xl border border-slate-200 dark:border-slate-800">
            <div className="flex flex-wrap items-end justify-between gap-2 pr-4">
              {/* No search where it cannot answer (a snapshot) or would confirm a masked uid. */}
              {url.canSort && !source.shared?.redactUids ? <RosterSearch value={shown.get("q") ?? ""} onSearch={(q) => url.set({ q: q || undefined, page: undefined })} /> : null}
              <ExportCsvLink report="invitees" table="roster" label="Invitee roster (all rows)" />
            </div>
            <TableFrame label="Invitee roster">
              <Table caption="Invitees">
                <THead>
                  <Tr>
                    <SortableTh column="uid" label="uid" sort={sort} onSort={url.canSort ? onSort : undefined} />
                    <SortableTh column="registerTime" label="Registered" sort={sort} onSort={url.canSort ? onSort : undefined} />
                    <Th>KYC</Th>
                    <Th>Invite code</Th>
                    <SortableTh column="firstDeposit" label="First deposit" sort={sort} onSort={url.canSort ? onSort : undefined} />
                    <SortableTh column="lastDeposit" label="Last deposit" sort={sort} onSort={url.canSort ? onSort : undefined} />
                    <SortableTh column="firstTrade" label="First trade" sort={sort} onSort={url.canSort ? onSort : undefined} />
                    <SortableTh column="lastTrade" label="Last trade" sort={sort} onSort={url.canSort ? onSort : undefined} />
                    <Th>Status</Th>
                  </Tr>
                </THead>
                <TBody>
                  {roster.rows.map((r) => (
                    <Tr key={r.uid}>
                      <Td className="font-mono">{r.uid}</Td>
                      <Td>{day(r.registerTime)}</Td>
                      <Td>{r.kycResult ? "yes" : "no"}</Td>
                      <Td className="font-mono">{r.inviteCode}</Td>
                      <Td>{day(r.firstDeposit)}</Td>
                      <Td>{day(r.lastDeposit)}</Td>
                      <Td>{day(r.firstTrade)}</Td>
                      <Td>{day(r.lastTrade)}</Td>
                      <Td>{r.dormant ? "dormant" : r.lastTrade === null ? "never traded" : "active"}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </TableFrame>
            {roster.footer}
          </section>
        </>
      )}
    </div>
  );
}
