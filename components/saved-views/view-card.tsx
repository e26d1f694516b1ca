"use client";

import { Link } from "@/components/ui/link";
import { DigestDialog } from "@/components/digests/digest-dialog";
import { ShareDialog } from "@/components/share/share-dialog";
import { Button, buttonClassName } from "@/components/ui/button";
import { ConfirmDelete } from "@/components/ui/confirm-delete";
import { errorWords } from "@/lib/api-client";
import { formatUtcMinute } from "@/lib/format/time";
import { alertPrefillHref } from "@/lib/saved-views/alert-prefill";
import type { SavedView } from "@/lib/saved-views/types";
import { RenameViewDialog } from "./rename-dialog";
import { ViewHistoryDialog } from "./history-dialog";
import { useChangeView } from "./use-saved-views";

/**
 * One saved view: its name, report, what it shows in words, who sees it, whether it is pinned, whose it is and when it
 * last changed; Open, a share link or a digest made from it, a new alert rule prefilled from it, Rename, Pin, History
 * and Delete (asking first).
 * "Update to current" is on the report page's Save view dialog: only a report page has a current view.
 */
export function ViewCard({ view }: { view: SavedView }) {
  const change = useChangeView(view.id);
  const from = { savedViewId: view.id, name: view.name, query: view.query };
  return (
    <li className="grid gap-3 border-b border-slate-200 p-4 last:border-b-0 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start dark:border-slate-800" data-testid="saved-view">
      <div className="min-w-0 space-y-1">
        <h3 className="font-medium break-words">{view.name}</h3>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {view.reportTitle} · {view.scope}
        </p>
        <p className="text-xs break-words text-slate-600 dark:text-slate-400">
          {view.visibility === "team" ? "Team" : "Private"} · {view.pinned ? "pinned" : "not pinned"} · {view.mine ? "yours" : `by ${view.ownerEmail}`} · updated{" "}
          {formatUtcMinute(view.updatedAt)} UTC
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Actions for ${view.name}`}>
        <Link href={view.href} className={buttonClassName({ variant: "primary", size: "sm" })}>
          Open
        </Link>
        <ShareDialog report={view.report} title={view.name} from={from} triggerText="Share link" />
        <DigestDialog report={view.report} title={view.name} from={from} triggerText="Make a digest" />
        <Link href={alertPrefillHref(view)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
          Make an alert
        </Link>
        <RenameViewDialog view={view} />
        <Button size="sm" variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ pinned: !view.pinned })}>
          {view.pinned ? "Unpin" : "Pin"}
        </Button>
        <ViewHistoryDialog view={view} />
        {view.canDelete ? <ConfirmDelete question={`Delete “${view.name}”?`} pending={change.isPending} onConfirm={() => change.mutate("delete")} /> : null}
      </div>
      {change.isError ? (
        <p role="alert" className="text-xs text-red-700 lg:col-span-2 dark:text-red-300">
          {errorWords(change.error, "The view could not be changed.")}
        </p>
      ) : null}
    </li>
  );
}
