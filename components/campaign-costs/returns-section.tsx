"use client";

/**
 * Invite codes' campaign cost and return for the page's filters (the range's sign-ups): analysts only, and never on a
 * share link — costs are the team's internal spend, as targets are. The app's own PDF prints it from the figures its
 * internal link's page read on the server (SharedView.campaignReturns); a link a person holds has none and shows none. Headers and tooltips come from the definitions
 * (lib/metrics/campaign-costs); a blank says why; commission counts through the last whole day synced, and a view whose
 * sign-ups predate the synced history is marked partly synced, as the app's coverage marks are.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useReportSource } from "@/components/reports/report-context";
import { useReportParams } from "@/components/reports/use-report";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet } from "@/lib/api-client";
import type { ReturnsAnswer } from "@/lib/campaign-costs/returns-types";
import { CAMPAIGN_METRICS as M } from "@/lib/metrics/campaign-costs";
import { labelWithUnit, type MetricDefinition } from "@/lib/metrics/definitions";
import { BUCKET_STATE_WORDS } from "@/lib/reports/coverage";
import { queryKeys } from "@/lib/query-keys";
import { MetricHelp } from "@/components/reports/metric-help";
import { ReturnsRow, type ReturnFigureKey } from "./returns-row";

// The cost, then the figures divided by it, side by side: a row whose cost is blank says why once across them.
const COLUMNS: ReadonlyArray<[ReturnFigureKey, MetricDefinition]> = [
  ["cost", M.campaignCost],
  ["costPerSignup", M.costPerSignup],
  ["costPerDeposit", M.costPerDeposit],
  ["costPerTrade", M.costPerTrade],
  ["commission", M.commissionSinceSignup],
  ["returnRatio", M.campaignReturn],
];
const KEYS = COLUMNS.map(([key]) => key);
const headerOf = (m: MetricDefinition): string => (m.unit === "rate" ? `${m.label} (×)` : labelWithUnit(m));

export function CampaignReturnsSection() {
  const { shared } = useReportSource();
  // Only the app's own PDF (an internal link, printed for an analyst) carries the figures, read on its server.
  const printed = shared?.campaignReturns;
  const query = useReportParams("invite-codes").query.toString();
  const result = useQuery({
    queryKey: queryKeys.campaignCosts.returns(query),
    queryFn: ({ signal }) => apiGet<ReturnsAnswer>(`/api/invite-codes/returns?${query}`, undefined, { signal }),
    placeholderData: keepPreviousData,
    enabled: !shared,
  });
  if (shared && !printed) return null;
  return (
    <section aria-label="Campaign cost and return" className="rounded-lg border border-slate-200 bg-white py-3 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-baseline justify-between gap-2 px-4">
        <h2 className="text-base font-semibold">Campaign cost and return</h2>
        {printed ? null : (
          <a className="text-sm underline" href={`/api/invite-codes/returns?${query}${query ? "&" : ""}format=csv`}>
            Download CSV
          </a>
        )}
      </div>
      {printed ? (
        <ReturnsBody data={printed} />
      ) : result.isPending ? (
        <Skeleton className="mx-4 h-24" />
      ) : result.isError ? (
        <ErrorPanel error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <ReturnsBody data={result.data} />
      )}
    </section>
  );
}

/** The section's words and table for an answer (the page's query, or the PDF's figures read on its server). */
function ReturnsBody({ data }: { data: ReturnsAnswer }) {
  return (
    <>
      <p className="px-4 text-xs text-slate-600 dark:text-slate-400">
        Cost: what your team entered as spent on each code on this period&apos;s days; per sign-up, first deposit and first trade: of this period&apos;s sign-ups.
        Commission: your own (direct, and your override on sub-affiliates&apos; invitees) from those sign-ups since each one&apos;s sign-up day,{" "}
        {data.through ? `through ${data.through} (the last whole day synced)` : "not synced yet"}
        {data.partial ? <strong> — {BUCKET_STATE_WORDS.partial}: some sign-ups predate the history held (from {data.heldFrom})</strong> : null}, every
        coin valued ≈ USDT — so not the table above&apos;s commission, which counts this period&apos;s days in one coin. Return is
        commission ÷ cost, a ratio, not profit. Costs are your team&apos;s: never on a share link. Open a code to enter its costs.
      </p>
      <div className="relative overflow-x-auto">
        <table className="mt-2 w-full text-sm" aria-label="Campaign cost and return per invite code">
          <thead>
            <tr className="text-left">
              <th className="px-4 py-1">Invite code</th>
              <th className="px-2 py-1 text-right">Sign-ups</th>
              {COLUMNS.map(([key, m]) => (
                <th key={key} className="relative px-2 py-1 text-right">
                  {headerOf(m)}
                  <MetricHelp label={m.label} definition={m.definition} placement="header-end" />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <ReturnsRow key={r.inviteCode} row={r} columns={KEYS} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
