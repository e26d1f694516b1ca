"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiGet } from "@/lib/api-client";
import type { ShareViewKind } from "@/lib/db/schema-share-views";
import { formatUtcTime } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { ShareViewPage } from "@/lib/share/view-log";

const KIND_TEXT: Record<ShareViewKind, string> = {
  page: "Page",
  embed: "Page, embedded on another site",
  data: "Report data (JSON)",
  csv: "CSV download",
  pdf: "PDF download",
};

function ViewLogPage({ linkId, page, onPage }: { linkId: string; page: number; onPage: (page: number) => void }) {
  const log = useQuery({
    queryKey: queryKeys.shareLinkViews(linkId, page),
    queryFn: ({ signal }) => apiGet<ShareViewPage>(`/api/share/${encodeURIComponent(linkId)}/views`, { page: String(page) }, { signal }),
  });
  if (log.isPending) return <Skeleton className="h-40 w-full" />;
  if (log.isError) return <ErrorPanel error={log.error} onRetry={() => void log.refetch()} />;
  const { views, total, pageSize, retentionDays } = log.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="space-y-3">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Kept {retentionDays} days. A visitor is a short hash of their address: the same address reads the same, and the address itself is never stored.
      </p>
      {views.length === 0 ? (
        <p className="text-sm" role="status">
          {page === 1 ? "Nobody has opened this link yet." : "No views on this page."}
        </p>
      ) : (
        <TableFrame label="View log">
          <Table caption="View log, newest first">
            <THead>
              <Tr>
                <Th>Time (UTC)</Th>
                <Th>Opened</Th>
                <Th>Browser</Th>
                <Th>Visitor</Th>
              </Tr>
            </THead>
            <TBody>
              {views.map((view, index) => (
                <Tr key={`${view.at}-${index}`}>
                  <Td className="whitespace-nowrap tabular-nums">{formatUtcTime(view.at)}</Td>
                  <Td>{KIND_TEXT[view.kind]}</Td>
                  <Td>{view.browser}</Td>
                  <Td className="font-mono text-xs">{view.visitor}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </TableFrame>
      )}
      <nav aria-label="View log pages" className="flex flex-wrap items-center gap-2 text-sm">
        <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Newer
        </Button>
        <span className="tabular-nums">
          Page {page} of {pages} · {total} {total === 1 ? "view" : "views"}
        </span>
        <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Older
        </Button>
      </nav>
    </div>
  );
}

/** "View log": who opened a link, what and when, a page at a time; read only when opened. */
export function ViewLogDialog({ linkId, label }: { linkId: string; label: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`View log of "${label}"`}
        onClick={() => {
          setPage(1);
          setOpen(true);
        }}
      >
        View log
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Views of “${label}”`} size="2xl">
        <div className="mt-3">
          <ViewLogPage linkId={linkId} page={page} onPage={setPage} />
        </div>
      </Dialog>
    </>
  );
}
