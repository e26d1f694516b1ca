"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiGet } from "@/lib/api-client";
import type { DigestRunView, DigestView } from "@/lib/digests/view-types";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import { deliveryWords, RUN_STATUS_WORDS } from "./status-words";

const period = (p: DigestRunView["period"]) => (p.from === p.to ? p.from : `${p.from} → ${p.to}`);

/** The digest's last runs: when, which period, what happened, and each message's state in the outbox. */
export function RunHistory({ digestId, label }: { digestId: string; label: string }) {
  const runs = useQuery({
    queryKey: queryKeys.digests.runs(digestId),
    queryFn: ({ signal }) => apiGet<{ digest: DigestView; runs: DigestRunView[] }>(`/api/digests/${encodeURIComponent(digestId)}`, undefined, { signal }),
    // Messages go out a little after the run: keep the states current while the history is open.
    refetchInterval: 5_000,
  });
  if (runs.isPending) return <Skeleton className="mt-3 h-20 w-full" />;
  if (runs.isError) return <ErrorPanel error={runs.error} onRetry={() => void runs.refetch()} />;
  if (runs.data.runs.length === 0) return <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No runs yet.</p>;
  return (
    <TableFrame label={`Run history of “${label}”`} className="mt-3 rounded-xl border border-slate-200 dark:border-slate-800">
      <Table caption={`Run history of “${label}”`}>
        <THead>
          <Tr>
            <Th>Due (UTC)</Th>
            <Th>Period (UTC days)</Th>
            <Th>Run</Th>
            <Th>Messages</Th>
          </Tr>
        </THead>
        <TBody>
          {runs.data.runs.map((run) => (
            <Tr key={run.id}>
              <Td className="whitespace-nowrap">
                {formatUtcMinute(run.dueAt)}
                {run.kind === "manual" ? " (sent by hand)" : ""}
              </Td>
              <Td className="whitespace-nowrap">{period(run.period)}</Td>
              <Td>
                {RUN_STATUS_WORDS[run.status]}
                {run.skipReason ? `: ${run.skipReason}` : ""}
                {run.lastError ? ` — last error: ${run.lastError}` : ""}
              </Td>
              <Td>
                {run.deliveries.length === 0 ? (
                  "none"
                ) : (
                  <ul>
                    {run.deliveries.map((d) => (
                      <li key={`${d.channel}:${d.target}`} className="break-words">
                        {d.channel === "mail" ? `Mail to ${d.target}` : d.target}: {deliveryWords(d.status, d.where)}
                        {d.sentAt ? ` ${formatUtcMinute(d.sentAt)} UTC` : ""}
                        {d.lastError ? ` (${d.lastError})` : ""}
                      </li>
                    ))}
                  </ul>
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}
