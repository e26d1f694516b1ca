"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { BellIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { figureLabel } from "@/lib/alerts/figure-labels";
import type { AlertEventsAnswer, AlertEventView } from "@/lib/alerts/views";
import { apiGet, apiPost, isApiClientError } from "@/lib/api-client";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";

type Outcome = { name: string; fired: number; held: number; notes: string[] };

function EventItem({ event, onAcknowledge, busy }: { event: AlertEventView; onAcknowledge: () => void; busy: boolean }) {
  return (
    <li className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{event.ruleName}</h3>
        <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">Fired {formatUtcMinute(event.firedAt)} UTC</p>
      </div>
      <p className="text-sm text-slate-800 dark:text-slate-200">{event.sentence}</p>
      <details className="text-xs text-slate-700 dark:text-slate-300">
        <summary className="cursor-pointer">The figures</summary>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
          {Object.entries(event.figures).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{figureLabel(key)}</dt>
              <dd className="break-all tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {event.links.map((link) => (
          <Link key={link.href} href={link.href} className="text-brand-700 underline underline-offset-2 dark:text-brand-300">
            {link.label}
          </Link>
        ))}
        {event.acknowledgedAt ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            Acknowledged {formatUtcMinute(event.acknowledgedAt)} UTC by {event.acknowledgedByEmail}
          </span>
        ) : (
          <Button size="sm" variant="secondary" disabled={busy} onClick={onAcknowledge} aria-label={`Acknowledge "${event.ruleName}" fired ${formatUtcMinute(event.firedAt)}`}>
            Acknowledge
          </Button>
        )}
      </div>
    </li>
  );
}

export function EventsPanel({ isAdmin }: { isAdmin: boolean }) {
  const client = useQueryClient();
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const events = useQuery({ queryKey: queryKeys.alerts.events(), queryFn: ({ signal }) => apiGet<AlertEventsAnswer>("/api/alerts", undefined, { signal }), refetchInterval: 30_000 });
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.alerts.all() });
  const acknowledge = useMutation({ mutationFn: (body: { ids: string[] } | { all: true }) => apiPost("/api/alerts/acknowledge", body), onSettled: refresh });
  const evaluate = useMutation({
    mutationFn: () => apiPost<{ outcomes: Outcome[]; fired: number }>("/api/alerts/evaluate"),
    onSuccess: (answer) => setOutcomes(answer.outcomes),
    onSettled: refresh,
  });
  const unacknowledged = events.data?.unacknowledged ?? 0;
  // Under the heading rather than beside it, so a phone keeps the title and its count on one line.
  const actions = (
    <div className="flex flex-wrap gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
      {isAdmin ? (
        <Button size="sm" variant="secondary" disabled={evaluate.isPending} onClick={() => evaluate.mutate()}>
          {evaluate.isPending ? "Evaluating…" : "Evaluate now"}
        </Button>
      ) : null}
      <Button size="sm" variant="secondary" disabled={unacknowledged === 0 || acknowledge.isPending} onClick={() => acknowledge.mutate({ all: true })}>
        Acknowledge all
      </Button>
    </div>
  );
  return (
    <Panel title="Fired alerts" meta={events.data ? `${unacknowledged} unacknowledged · newest first` : undefined}>
      {actions}
      {outcomes ? (
        <div role="status" className="border-b border-slate-200 px-4 py-2 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
          {outcomes.length === 0 ? "No active rule on this connection." : null}
          <ul>
            {outcomes.map((o, i) => (
              <li key={i}>
                {o.name}: {o.fired === 0 ? "nothing new fired" : `${o.fired} fired`}
                {o.held > 0 ? `, ${o.held} held back (cooldown, data already reported, or muted)` : ""}
                {o.notes.length > 0 ? ` — ${o.notes.join(" ")}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {evaluate.isError ? <p role="alert" className="px-4 py-2 text-sm text-red-700 dark:text-red-300">{isApiClientError(evaluate.error) ? evaluate.error.msg : "The evaluation failed."}</p> : null}
      {events.isPending ? (
        <Skeleton className="m-4 h-24" />
      ) : events.isError ? (
        <div className="p-4">
          <ErrorPanel error={events.error} onRetry={() => void events.refetch()} />
        </div>
      ) : events.data.events.length === 0 ? (
        <div className="p-4">
          <EmptyState title="Nothing has fired" description="When a rule's condition is met after a sync, it shows here with its figures." icon={<BellIcon className="size-6" />} headingLevel={3} />
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {events.data.events.map((event) => (
            <EventItem key={event.id} event={event} busy={acknowledge.isPending} onAcknowledge={() => acknowledge.mutate({ ids: [event.id] })} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
