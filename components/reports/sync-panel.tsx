"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { useHydrated } from "@/components/providers/use-hydrated";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiGet, apiPost } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { countOf } from "@/lib/format/plural";
import { formatUtcMinute } from "@/lib/format/time";
import { requestWeightText, SYNC_PHASE_LABELS, syncReportLabel } from "@/lib/sync/report-labels";
import { exchangeHoldWords, type SyncReportStatus, type SyncStatus } from "@/lib/sync/status";

const day = (ms: number | null) => (ms === null ? "—" : new Date(ms).toISOString().slice(0, 10));
const when = (iso: string | null) => (iso === null ? "never" : `${formatUtcMinute(iso)} UTC`);
const eta = (ms: number) => (ms < 60_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.ceil(ms / 60_000)} min`);
const utcTime = (ms: number) => `${new Date(ms).toISOString().slice(11, 19)} UTC`;

/** The windows whose rows did not add up, in words ("" when none). */
function incompleteWords(r: SyncReportStatus): string {
  if (r.incomplete.length === 0) return "";
  const days = r.incomplete.map((w) => `${day(w.startTime)}–${day(w.endTime)} (${w.total === null ? `${w.read} rows, no count stated` : `${w.read} rows of ${w.total}`})`).join(", ");
  return `Incomplete: ${days} did not add up to the exchange's count; re-read on the next runs.`;
}

/**
 * The warehouse sync of the current connection: per report what has been read,
 * what is being read now (window, pages done and left, weight, rows, time
 * left), the last success and error, and "Sync now". Refreshes while a run is on.
 */
export function SyncPanel({ canSync }: { canSync: boolean }) {
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: [...queryKeys.reports.all(), "sync-status"],
    queryFn: ({ signal }) => apiGet<SyncStatus>("/api/sync", undefined, { signal }),
    refetchInterval: (q) => (q.state.data?.running ? 2_000 : 30_000),
  });
  // Not read on the server, and the date picker shares the query: until hydrated, render what the server did.
  const hydrated = useHydrated();
  const data = hydrated ? status.data : undefined;
  const syncNow = useMutation({
    mutationFn: () => apiPost("/api/sync"),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.reports.all() }),
  });
  return (
    <section aria-labelledby="sync-heading" className="rounded-xl border border-slate-200 dark:border-slate-800">
      <div className="flex items-center justify-between gap-3 px-4 pt-3">
        <h2 id="sync-heading" className="text-base font-semibold">
          Warehouse sync {data?.running ? <span className="text-xs font-normal text-slate-600 dark:text-slate-400">(running)</span> : null}
        </h2>
        {canSync ? (
          <Button size="sm" onClick={() => syncNow.mutate()} disabled={syncNow.isPending || data?.running === true}>
            Sync now
          </Button>
        ) : null}
      </div>
      {hydrated && status.isError ? <ErrorPanel error={status.error} /> : null}
      {data?.exchangeHold ? (
        <p role="status" data-testid="exchange-hold" className="mx-4 mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          {exchangeHoldWords(data.exchangeHold, utcTime)}
        </p>
      ) : null}
      {data ? (
        <TableFrame label="Sync state per report">
          {/* Cells wrap (the table's default is one line each): while syncing, "Now reading" is a sentence and would push
              the table past a 1440 px window. */}
          <Table caption="Sync state per report" className="[&_td]:whitespace-normal [&_th]:whitespace-normal">
            <THead>
              <Tr>
                <Th>Report</Th>
                <Th>Read</Th>
                <Th>Now reading</Th>
                <Th align="right">Rows added / changed</Th>
                <Th>Last success</Th>
                <Th>Last error</Th>
              </Tr>
            </THead>
            <TBody>
              {data.reports.map((r) => (
                <Tr key={r.report}>
                  <Td title={r.report}>{syncReportLabel(r.report)}</Td>
                  <Td>
                    {day(r.coveredFrom)} → {day(r.coveredTo)} {r.backfillDone ? "(history complete)" : ""}
                    {r.incomplete.length > 0 ? <span className="block text-xs text-amber-800 dark:text-amber-300">{incompleteWords(r)}</span> : null}
                  </Td>
                  <Td className="min-w-48 text-xs" title={r.progress?.running ? requestWeightText(r.progress.weightUsed) : undefined}>
                    {r.progress?.running
                      ? `${SYNC_PHASE_LABELS[r.progress.phase]} ${day(r.progress.window.startTime)}–${day(r.progress.window.endTime)}: ${countOf(r.progress.pagesDone, "page")} done, ${r.progress.pagesLeft} left, about ${eta(r.progress.etaMs)} left`
                      : "—"}
                  </Td>
                  <Td numeric>
                    {r.rowsAdded} / {r.rowsChanged}
                  </Td>
                  <Td className="text-xs">{when(r.lastSuccessAt)}</Td>
                  <Td className="max-w-64 truncate text-xs" title={r.lastError ?? undefined}>
                    {r.lastError ?? "—"}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </TableFrame>
      ) : null}
    </section>
  );
}
