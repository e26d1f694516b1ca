"use client";

/** The trading audit log (admins): every trading action, newest first, refreshed after each action and every 15 s. */
import { useQuery } from "@tanstack/react-query";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { Panel } from "@/components/ui/panel";
import { QueryTable } from "@/components/ui/query-table";
import { TBody, THead, Table, TableFrame, Td, Th, Tr } from "@/components/ui/table";
import { apiGet } from "@/lib/api-client";
import { formatUtcTime } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { AuditAnswer, AuditEntry } from "@/lib/trading/answers";

function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <TableFrame label="Trading audit log">
      <Table caption="Trading audit log">
        <THead>
          <tr>
            <Th>When (UTC)</Th>
            <Th>Who</Th>
            <Th>Action</Th>
            <Th>Connection</Th>
            <Th>Request and answer</Th>
          </tr>
        </THead>
        <TBody>
          {entries.map((e) => (
            <Tr key={e.id}>
              <Td className="tabular-nums">{formatUtcTime(Date.parse(e.at))}</Td>
              <Td>{e.userEmail}</Td>
              <Td className="font-mono text-xs">{e.action}</Td>
              <Td className="font-mono text-xs">{e.connectionId}</Td>
              <Td className="max-w-md whitespace-normal">
                <details>
                  <summary className={cn("cursor-pointer rounded text-sm", focusRing)}>Details</summary>
                  <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">
                    {JSON.stringify({ request: e.request, response: e.response }, null, 2)}
                  </pre>
                </details>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}

export function AuditLog() {
  const audit = useQuery({
    queryKey: queryKeys.trading.audit(),
    queryFn: ({ signal }) => apiGet<AuditAnswer>("/api/orders/audit", { limit: 50 }, { signal }),
    refetchInterval: 15_000,
  });
  return (
    <Panel title="Trading audit log" meta="Admins only: every trading action, newest first (latest 50)">
      <QueryTable
        query={audit}
        errorTitle="The audit log could not be loaded"
        loading={{ rows: 3, columns: 5, label: "Loading the audit log" }}
        empty={{ when: (answer) => answer.entries.length === 0, title: "No trading actions yet" }}
      >
        {(answer) => <AuditTable entries={answer.entries} />}
      </QueryTable>
    </Panel>
  );
}
