"use client";

/** The connection's targets and tier thresholds: the form to add one, and each with its value to change or delete. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDelete } from "@/components/ui/confirm-delete";
import { ErrorPanel } from "@/components/ui/error-panel";
import { inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { useTargets } from "@/components/targets/use-targets";
import { apiDelete, apiPatch, errorWords } from "@/lib/api-client";
import { metric } from "@/lib/metrics/definitions";
import { queryKeys } from "@/lib/query-keys";
import { periodKeyInWords, TARGET_UNITS, type Target } from "@/lib/targets/types";
import { formatUtcMinute } from "@/lib/format/time";
import { NewTarget } from "./new-target";

function TargetRow({ target }: { target: Target }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(target.value);
  const done = () => queryClient.invalidateQueries({ queryKey: queryKeys.targets() });
  const save = useMutation({ mutationFn: () => apiPatch(`/api/targets/${target.id}`, { value: value.trim() }), onSuccess: done });
  const remove = useMutation({ mutationFn: () => apiDelete(`/api/targets/${target.id}`), onSuccess: done });
  const what = target.kind === "tier" ? `Tier ${target.name}: every ${target.period}` : `${periodKeyInWords(target.starts ?? "")}${target.name ? ` (${target.name})` : ""}`;
  const label = `${metric(target.metric).label}, ${what}`;
  return (
    <li aria-label={label} className="flex flex-wrap items-center gap-3 py-2 text-sm">
      <span className="min-w-64 grow">
        <span className="font-medium">{metric(target.metric).label}</span> — {what}
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          Last set by {target.updatedByEmail} on {formatUtcMinute(target.updatedAt)} UTC
        </span>
      </span>
      <label htmlFor={`${id}-value`} className="sr-only">
        Value of {label}
      </label>
      <input id={`${id}-value`} className={`${inputClass} w-36`} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
      <span className="-ml-1 w-16 text-xs text-slate-600 dark:text-slate-400">{TARGET_UNITS[target.metric]}</span>
      <Button size="sm" disabled={value.trim() === target.value || save.isPending} onClick={() => save.mutate()}>
        Save
      </Button>
      <ConfirmDelete question="Delete it?" pending={remove.isPending} onConfirm={() => remove.mutate()} />
      {save.isError || remove.isError ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {errorWords(save.error ?? remove.error, "The change could not be made.")}
        </p>
      ) : null}
    </li>
  );
}

export function TargetsView() {
  const list = useTargets();
  return (
    <Panel title="Targets and tier thresholds" meta={list.data ? `${list.data.targets.length} on this connection` : undefined}>
      <NewTarget />
      {list.isPending ? (
        <Skeleton className="m-4 h-24" />
      ) : list.isError ? (
        <div className="p-4">
          <ErrorPanel error={list.error} title="The targets could not be read" onRetry={() => void list.refetch()} />
        </div>
      ) : list.data.targets.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-slate-600 dark:text-slate-400">No targets or tier thresholds yet: add one above.</p>
      ) : (
        <ul aria-label="Targets and tier thresholds" className="divide-y divide-slate-200 px-4 dark:divide-slate-800">
          {list.data.targets.map((t) => (
            <TargetRow key={`${t.id}:${t.value}`} target={t} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
