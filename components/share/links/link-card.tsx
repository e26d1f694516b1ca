"use client";

import { cn } from "@/components/ui/cn";
import { formatUtcMinute } from "@/lib/format/time";
import { reportTitle } from "@/lib/reports/contracts";
import { isReportName } from "@/lib/reports/names";
import type { LinkState } from "@/lib/share/access";
import type { ShareLinkListItem } from "@/lib/share/manage";
import { LinkActions } from "./link-actions";

const STATE_TEXT: Record<LinkState, string> = { active: "Active", paused: "Paused", revoked: "Revoked", expired: "Expired" };
const STATE_CLASS: Record<LinkState, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800",
  paused: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  expired: "bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700",
  revoked: "bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-200 dark:ring-red-800",
};

const minute = (ms: number) => `${formatUtcMinute(ms)} UTC`;

function kindOf(link: ShareLinkListItem): string {
  return [
    link.mode === "snapshot" ? "Snapshot" : "Live",
    link.dates === "rolling" ? "rolling dates" : "fixed dates",
    ...(link.hasPassword ? ["password"] : []),
    ...(link.redactUids ? ["uids masked"] : []),
    ...(link.percentages ? ["percentages"] : []),
  ].join(" · ");
}

/** One share link: what it shows, its state and life, its views, and what its manager can do with it. */
export function LinkCard({ link }: { link: ShareLinkListItem }) {
  const report = isReportName(link.report) ? reportTitle(link.report) : link.report;
  return (
    <li className="grid gap-3 border-b border-slate-200 p-4 last:border-b-0 lg:grid-cols-[minmax(0,1fr)_11rem_12rem_auto] lg:items-start dark:border-slate-800" data-testid="share-link">
      <div className="min-w-0 space-y-1">
        <h3 className="font-medium break-words">{link.label}</h3>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {report} · {link.scope}
        </p>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300" data-testid="link-summary">
          {link.summary}
        </p>
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">
          {kindOf(link)} · connection {link.connectionId} · created {minute(link.createdAt)} by {link.createdByEmail}
          {link.fromView === null ? null : <> · from {link.fromView ? `view “${link.fromView}”` : "a saved view since deleted"}</>}
        </p>
      </div>
      <dl className="space-y-1 text-sm">
        <div className="flex items-center gap-2">
          <dt className="sr-only">State</dt>
          <dd>
            <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", STATE_CLASS[link.state])}>{STATE_TEXT[link.state]}</span>
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600 dark:text-slate-400">{link.state === "expired" ? "Expired " : "Expires "}</dt>
          <dd className="inline tabular-nums">{link.expiresAt === null ? "never" : minute(link.expiresAt)}</dd>
        </div>
      </dl>
      <dl className="space-y-1 text-sm">
        <div>
          <dt className="inline text-slate-600 dark:text-slate-400">Views </dt>
          <dd className="inline tabular-nums" data-testid="view-count">
            {link.viewCount}
          </dd>
        </div>
        <div>
          <dt className="inline text-slate-600 dark:text-slate-400">Last view </dt>
          <dd className="inline tabular-nums">{link.lastViewedAt === null ? "never" : minute(link.lastViewedAt)}</dd>
        </div>
      </dl>
      <LinkActions link={link} />
    </li>
  );
}
