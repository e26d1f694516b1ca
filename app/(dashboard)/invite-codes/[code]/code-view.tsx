"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { CohortTable } from "@/components/campaign-costs/cohort-table";
import { CostForm } from "@/components/campaign-costs/cost-form";
import { CostsList } from "@/components/campaign-costs/costs-list";
import { PaybackChart } from "@/components/campaign-costs/payback-chart";
import { AnnotationsOfCode } from "@/components/annotations/annotations-scope";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet } from "@/lib/api-client";
import type { CodeCostsAnswer } from "@/lib/campaign-costs/returns-types";
import { queryKeys } from "@/lib/query-keys";
import { AnswerMetaContext, ReportMetaProvider } from "@/components/reports/report-context";
import { BUCKET_STATE_WORDS } from "@/lib/reports/coverage";

/** The payback's days in words: from the first cost's day, commission through the last whole day synced. */
function paybackScope(answer: CodeCostsAnswer): string {
  const first = answer.payback[0]?.day;
  if (first === undefined) return "No cost entered yet";
  return `From ${first} (the first cost's day)${answer.through ? `, commission through ${answer.through}` : ", no commission synced yet"} · UTC days · ≈ USDT`;
}

export function CodeCostsView({ code }: { code: string }) {
  const detail = useQuery({
    queryKey: queryKeys.campaignCosts.code(code),
    queryFn: ({ signal }) => apiGet<CodeCostsAnswer>(`/api/invite-codes/${encodeURIComponent(code)}/costs`, undefined, { signal }),
  });
  return (
    <div className="space-y-6">
      <Panel
        title="Costs"
        actions={
          <Link href="/change-log#costs" className="text-sm font-medium underline">
            Change log
          </Link>
        }
      >
        <CostForm code={code} />
        {detail.isPending ? <Skeleton className="mx-4 h-16" /> : detail.isError ? <ErrorPanel error={detail.error} onRetry={() => void detail.refetch()} /> : <CostsList costs={detail.data.costs} />}
      </Panel>
      {detail.isSuccess ? (
        <>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Commission counted {detail.data.through ? `through ${detail.data.through}, the last whole day synced` : "once synced: none is yet"}
            {detail.data.partial ? ` — ${BUCKET_STATE_WORDS.partial}: some of this code's invitees signed up before the history held` : ""}.
          </p>
          <Panel title="Return by sign-up cohort">
            <CohortTable cohorts={detail.data.cohorts} through={detail.data.through} />
          </Panel>
          <Panel title="Payback">
            <div className="px-4 py-3">
              {/* The chart's downloads name its own days and "data as of", not the header's period, which this page does not read. */}
              <ReportMetaProvider title={`Invite code ${code}: payback`} scope={paybackScope(detail.data)}>
                <AnswerMetaContext.Provider value={{ dataAsOf: detail.data.dataAsOf, coverage: null }}>
                  <AnnotationsOfCode code={code}>
                    <PaybackChart points={detail.data.payback} through={detail.data.through} />
                  </AnnotationsOfCode>
                </AnswerMetaContext.Provider>
              </ReportMetaProvider>
            </div>
          </Panel>
        </>
      ) : null}
    </div>
  );
}
