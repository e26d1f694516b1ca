"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { inputClass } from "@/components/ui/field";
import { BellIcon } from "@/components/ui/icons";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import type { AlertRuleView } from "@/lib/alerts/views";
import { apiDelete, apiGet, apiPatch, isApiClientError } from "@/lib/api-client";
import { alertPrefillOf } from "@/lib/saved-views/alert-prefill";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import { COOLDOWNS } from "./rule-draft";
import { RuleForm } from "./rule-form";

const MUTES: ReadonlyArray<[number, string]> = [
  [60, "1 hour"],
  [1_440, "1 day"],
  [10_080, "1 week"],
];

function stateText(rule: AlertRuleView): string {
  if (rule.paused) return "Paused";
  if (rule.muted && rule.mutedUntil) return `Muted until ${formatUtcMinute(rule.mutedUntil)} UTC`;
  return "Active";
}

function channelsText(rule: AlertRuleView): string {
  const parts = ["in the app"];
  if (rule.channels.mail.length > 0) parts.push(`mail to ${rule.channels.mail.join(", ")}`);
  if (rule.webhookEndpoints.length > 0) parts.push(`webhook ${rule.webhookEndpoints.map((w) => (w.label === null ? `${w.id} (deleted)` : `“${w.label}”`)).join(", ")}`);
  return parts.join(" · ");
}

/** Said on the rule when an endpoint it names was deleted (the worker fails those messages). */
function goneText(rule: AlertRuleView): string | null {
  const gone = rule.webhookEndpoints.filter((w) => w.label === null).length;
  if (gone === 0) return null;
  return `${gone === 1 ? "A webhook endpoint of this rule was deleted" : `${gone} webhook endpoints of this rule were deleted`}: its messages there fail. ${rule.canEdit ? "Edit the rule to remove it." : "Its creator can remove it."}`;
}

function RuleItem({ rule, isAdmin, onEdit }: { rule: AlertRuleView; isAdmin: boolean; onEdit: () => void }) {
  const client = useQueryClient();
  const [muteFor, setMuteFor] = useState("60");
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.alerts.all() });
  const path = `/api/alerts/rules/${encodeURIComponent(rule.id)}`;
  const patch = useMutation({ mutationFn: (body: { paused?: boolean; muteMinutes?: number }) => apiPatch(path, body), onSettled: refresh });
  const remove = useMutation({ mutationFn: () => apiDelete(path), onSettled: refresh });
  const name = `"${rule.name}"`;
  const muted = rule.muted;
  const cooldown = COOLDOWNS.find((c) => c.minutes === rule.cooldownMinutes)?.label ?? `${rule.cooldownMinutes} minutes`;
  const error = patch.error ?? remove.error;
  return (
    <li className="space-y-2 px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{rule.name}</h3>
        <span className="text-xs font-medium text-slate-700 dark:text-slate-300">{stateText(rule)}</span>
      </div>
      <p className="text-sm text-slate-800 dark:text-slate-200">{rule.description}.</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Tells {channelsText(rule)} · at most once per condition every {cooldown}
        {isAdmin ? ` · by ${rule.ownerEmail}` : ""}
      </p>
      {goneText(rule) ? <p className="text-xs text-amber-800 dark:text-amber-300">{goneText(rule)}</p> : null}
      {rule.canManage ? (
        <div className="flex flex-wrap items-center gap-2">
          {rule.canEdit ? (
            <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit rule ${name}`}>
              Edit
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" disabled={patch.isPending} onClick={() => patch.mutate({ paused: !rule.paused })} aria-label={`${rule.paused ? "Resume" : "Pause"} rule ${name}`}>
            {rule.paused ? "Resume" : "Pause"}
          </Button>
          {muted ? (
            <Button size="sm" variant="secondary" disabled={patch.isPending} onClick={() => patch.mutate({ muteMinutes: 0 })} aria-label={`Unmute rule ${name}`}>
              Unmute
            </Button>
          ) : (
            <span className="flex items-center gap-1">
              <label className="sr-only" htmlFor={`mute-${rule.id}`}>{`Mute rule ${name} for`}</label>
              <select id={`mute-${rule.id}`} className={`${inputClass} h-8`} value={muteFor} onChange={(e) => setMuteFor(e.target.value)}>
                {MUTES.map(([minutes, label]) => (
                  <option key={minutes} value={String(minutes)}>
                    {label}
                  </option>
                ))}
              </select>
              <Button size="sm" variant="secondary" disabled={patch.isPending} onClick={() => patch.mutate({ muteMinutes: Number(muteFor) })} aria-label={`Mute rule ${name}`}>
                Mute
              </Button>
            </span>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            aria-label={`Delete rule ${name}`}
            onClick={() => {
              if (window.confirm(`Delete the rule ${name}? Its fired alerts go with it.`)) remove.mutate();
            }}
          >
            Delete
          </Button>
        </div>
      ) : null}
      {error ? <p role="alert" className="text-sm text-red-700 dark:text-red-300">{isApiClientError(error) ? error.msg : "That did not work."}</p> : null}
    </li>
  );
}

export function RulesPanel({ isAdmin }: { isAdmin: boolean }) {
  // "Make an alert" on a saved view opens a new rule here, prefilled with what the view fixes.
  const search = useSearchParams();
  const [prefill] = useState(() => alertPrefillOf(search) ?? undefined);
  const [editing, setEditing] = useState<AlertRuleView | "new" | null>(prefill ? "new" : null);
  const rules = useQuery({ queryKey: queryKeys.alerts.rules(), queryFn: ({ signal }) => apiGet<{ rules: AlertRuleView[] }>("/api/alerts/rules", undefined, { signal }) });
  const actions = editing === null ? (
    <Button size="sm" variant="primary" onClick={() => setEditing("new")}>
      New rule
    </Button>
  ) : null;
  return (
    <Panel title="Rules" meta={isAdmin ? "Every rule of this connection (you are an admin)" : "Your rules on this connection"} actions={actions}>
      {editing !== null ? <RuleForm key={editing === "new" ? "new" : editing.id} rule={editing === "new" ? undefined : editing} initial={prefill} onDone={() => setEditing(null)} /> : null}
      {rules.isPending ? (
        <Skeleton className="m-4 h-24" />
      ) : rules.isError ? (
        <div className="p-4">
          <ErrorPanel error={rules.error} onRetry={() => void rules.refetch()} />
        </div>
      ) : rules.data.rules.length === 0 ? (
        <div className="p-4">
          <EmptyState title="No rules yet" description="Choose New rule to be told when commission falls, a whale deposits, a top invitee goes quiet, or the sync stops." icon={<BellIcon className="size-6" />} headingLevel={3} />
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {rules.data.rules.map((rule) => (
            <RuleItem key={rule.id} rule={rule} isAdmin={isAdmin} onEdit={() => setEditing(rule)} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
