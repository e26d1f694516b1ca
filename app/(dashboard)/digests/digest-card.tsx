"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiDelete, apiPatch, apiPost, errorWords } from "@/lib/api-client";
import type { DigestView } from "@/lib/digests/view-types";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import { EditDigest } from "./edit-digest";
import { RunHistory } from "./run-history";
import { RUN_STATUS_WORDS } from "./status-words";


/** "2026-11-30 08:00 (Europe/Berlin)": the date and time stay on one line, a long zone name may wrap. */
function NoBreakDate({ text }: { text: string }) {
  const cut = text.indexOf(" (");
  if (cut < 0) return <span className="whitespace-nowrap">{text}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, cut)}</span>
      {text.slice(cut)}
    </>
  );
}

function LastRun({ run }: { run: DigestView["lastRun"] }) {
  if (!run) return <>not run yet</>;
  const what = `${RUN_STATUS_WORDS[run.status]}${run.skipReason ? ` (${run.skipReason})` : ""}`;
  return (
    <>
      {what}, {run.kind === "manual" ? "sent by hand" : "due"} <span className="whitespace-nowrap">{formatUtcMinute(run.dueAt)} UTC</span>
    </>
  );
}

export function DigestCard({ digest }: { digest: DigestView }) {
  const id = useId();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [showRuns, setShowRuns] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.digests.all() });
  const base = `/api/digests/${encodeURIComponent(digest.id)}`;
  const pause = useMutation({
    mutationFn: (paused: boolean) => apiPatch(base, { paused }),
    onSuccess: (_d, paused) => setMessage({ ok: true, text: paused ? "Paused." : "Resumed: the next run is scheduled from now." }),
    onError: (e) => setMessage({ ok: false, text: errorWords(e, "Could not change the digest.") }),
    onSettled: refresh,
  });
  const send = useMutation({
    mutationFn: () => apiPost<{ run: { status: string } }>(`${base}/send`),
    onSuccess: () => {
      setMessage({ ok: true, text: "Run now: see where its messages went in the run history." });
      setShowRuns(true);
    },
    onError: (e) => setMessage({ ok: false, text: errorWords(e, "Could not send the digest.") }),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: () => apiDelete(base), onSettled: refresh, onError: (e) => setMessage({ ok: false, text: errorWords(e, "Could not delete the digest.") }) });
  const name = `“${digest.label}”`;
  const channels = [...digest.mailTo, ...digest.webhookEndpoints.map((w) => (w.label === null ? `webhook ${w.id} (deleted)` : `webhook “${w.label}”`))];
  const gone = digest.webhookEndpoints.filter((w) => w.label === null);

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
          {digest.label}
        </h2>
        {digest.paused ? <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">Paused</span> : null}
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">View</dt>
        <dd className="break-words">
          {digest.reportTitle} · {digest.scope}
          {digest.redactUids ? " · uids masked" : ""}
          {digest.percentages ? " · percentages only" : ""}
          {digest.fromView === null ? "" : digest.fromView ? ` · from view “${digest.fromView}”` : " · from a saved view since deleted"}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Schedule</dt>
        <dd>{digest.schedule.words}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Next run</dt>
        <dd>
          {digest.paused ? (
            `none while paused${digest.pausedReason ? ` — ${digest.pausedReason}` : ""}`
          ) : (
            <>
              <NoBreakDate text={digest.nextRunLocal} /> · <span className="whitespace-nowrap">{formatUtcMinute(digest.nextRunAt)} UTC</span>
            </>
          )}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Last run</dt>
        <dd>
          <LastRun run={digest.lastRun} />
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Sent to</dt>
        <dd className="break-words">
          {channels.length ? channels.join(", ") : "nobody"}
          {gone.length ? (
            <span className="mt-1 block text-amber-800 dark:text-amber-300">
              {gone.length === 1 ? "A webhook endpoint of this digest was deleted" : `${gone.length} webhook endpoints of this digest were deleted`}: its messages
              there fail. {digest.canEdit ? "Edit the digest to remove it." : "Its creator can remove it."}
            </span>
          ) : null}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Skips</dt>
        <dd>{[digest.skipWhenEmpty ? "empty periods" : null, digest.skipWhenUnchanged ? "unchanged figures" : null].filter(Boolean).join(", ") || "never"}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Created by</dt>
        <dd className="break-words">{digest.ownerEmail}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-1">
        {digest.canEdit ? (
          <Button size="sm" variant="secondary" aria-label={`Send ${name} now`} disabled={send.isPending || digest.paused} onClick={() => send.mutate()}>
            {send.isPending ? "Sending…" : "Send now"}
          </Button>
        ) : null}
        {digest.canPause ? (
          <Button size="sm" variant="ghost" aria-label={`${digest.paused ? "Resume" : "Pause"} ${name}`} disabled={pause.isPending} onClick={() => pause.mutate(!digest.paused)}>
            {digest.paused ? "Resume" : "Pause"}
          </Button>
        ) : null}
        {digest.canEdit ? (
          <Button size="sm" variant="ghost" aria-expanded={editing} aria-label={`Edit ${name}`} onClick={() => setEditing((v) => !v)}>
            Edit
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" aria-expanded={showRuns} aria-label={`Run history of ${name}`} onClick={() => setShowRuns((v) => !v)}>
          Run history
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${name}`}
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete ${name}? No more digests are sent; links already sent keep working until they expire.`)) remove.mutate();
          }}
        >
          Delete
        </Button>
      </div>
      <p role="status" aria-live="polite" className={message?.ok === false ? "mt-2 min-h-5 text-sm text-red-700 dark:text-red-400" : "mt-2 min-h-5 text-sm text-emerald-700 dark:text-emerald-400"}>
        {message?.text ?? ""}
      </p>
      {editing ? <EditDigest digest={digest} onDone={() => setEditing(false)} /> : null}
      {showRuns ? <RunHistory digestId={digest.id} label={digest.label} /> : null}
    </article>
  );
}
