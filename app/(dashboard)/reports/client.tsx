"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { EditLinkDialog } from "@/components/share/edit-link-dialog";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { ReportIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { apiDelete, apiGet, apiPatch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { REPORT_TITLES, isReportName } from "@/lib/reports/names";
import type { ShareLinkListItem } from "@/lib/share/manage";
import { formatUtcMinute } from "@/lib/format/time";

const when = (ms: number | null) => (ms === null ? "—" : formatUtcMinute(ms));
const STATE_TEXT = { active: "Active", paused: "Paused", revoked: "Revoked", expired: "Expired" } as const;

function LinkActions({ link }: { link: ShareLinkListItem }) {
  const client = useQueryClient();
  const [copied, setCopied] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.shareLinks() });
  const pause = useMutation({ mutationFn: (paused: boolean) => apiPatch(`/api/share/${encodeURIComponent(link.id)}`, { paused }), onSettled: refresh });
  const revoke = useMutation({ mutationFn: () => apiDelete(`/api/share/${encodeURIComponent(link.id)}`), onSettled: refresh });
  if (!link.canManage) return <span className="text-slate-500">—</span>;
  if (link.state === "revoked") return <EditLinkDialog link={link} />;
  const name = `"${link.label}"`;
  return (
    <div className="flex flex-wrap gap-1">
      {link.path ? (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Copy link ${name}`}
          onClick={() => void navigator.clipboard?.writeText(`${window.location.origin}${link.path}`).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      ) : null}
      {link.state === "active" || link.state === "paused" ? (
        <Button size="sm" variant="ghost" aria-label={`${link.state === "paused" ? "Resume" : "Pause"} link ${name}`} disabled={pause.isPending} onClick={() => pause.mutate(link.state === "active")}>
          {link.state === "paused" ? "Resume" : "Pause"}
        </Button>
      ) : null}
      <EditLinkDialog link={link} />
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Revoke link ${name}`}
        disabled={revoke.isPending}
        onClick={() => {
          if (window.confirm(`Revoke ${name}? The link stops working for everyone, for good.`)) revoke.mutate();
        }}
      >
        Revoke
      </Button>
    </div>
  );
}

export function ShareLinksView() {
  const list = useQuery({ queryKey: queryKeys.shareLinks(), queryFn: ({ signal }) => apiGet<{ links: ShareLinkListItem[] }>("/api/share", undefined, { signal }) });
  if (list.isPending) return <Skeleton className="h-40 w-full" />;
  if (list.isError) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  const links = list.data.links;
  if (links.length === 0) {
    return <EmptyState title="No share links yet" description="Open an analytics page, set its filters, and choose Share to make a link to exactly that view." icon={<ReportIcon className="size-6" />} />;
  }
  return (
    <TableFrame label="Share links">
      <Table caption="Share links">
        <THead>
          <Tr>
            <Th>Label</Th>
            <Th>Report and scope</Th>
            <Th>Kind</Th>
            <Th>State</Th>
            <Th>Created by</Th>
            <Th>Expires</Th>
            <Th align="right">Views</Th>
            <Th>Last view</Th>
            <Th>Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {links.map((link) => (
            <Tr key={link.id}>
              <Td>
                <div className="font-medium">{link.label}</div>
                <p className="mt-1 w-72 text-xs whitespace-normal text-slate-600 dark:text-slate-400">{link.summary}</p>
              </Td>
              <Td>
                <div>{isReportName(link.report) ? REPORT_TITLES[link.report] : link.report}</div>
                <div className="text-xs text-slate-600 dark:text-slate-400">
                  {link.scope} · connection {link.connectionId}
                </div>
              </Td>
              <Td>
                {link.mode === "snapshot" ? "Snapshot" : "Live"}
                {link.hasPassword ? " · password" : ""}
                {link.redactUids ? " · uids masked" : ""}
                {link.percentages ? " · %" : ""}
              </Td>
              <Td>{STATE_TEXT[link.state]}</Td>
              <Td>{link.createdByEmail}</Td>
              <Td className="tabular-nums">{link.expiresAt === null ? "Never" : when(link.expiresAt)}</Td>
              <Td className="text-right tabular-nums">{link.viewCount}</Td>
              <Td className="tabular-nums">{when(link.lastViewedAt)}</Td>
              <Td>
                <LinkActions link={link} />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableFrame>
  );
}
