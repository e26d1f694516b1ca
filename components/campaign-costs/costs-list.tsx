"use client";

/** A code's costs, oldest day first: each with its amount and note editable in place, and deletable after a question. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDelete } from "@/components/ui/confirm-delete";
import { inputClass } from "@/components/ui/field";
import { apiDelete, apiPatch, errorWords } from "@/lib/api-client";
import { NOTE_MAX, type CampaignCost } from "@/lib/campaign-costs/inputs";
import { queryKeys } from "@/lib/query-keys";

function CostItem({ cost }: { cost: CampaignCost }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(cost.amount);
  const [note, setNote] = useState(cost.note);
  const path = `/api/invite-codes/${encodeURIComponent(cost.inviteCode)}/costs/${cost.id}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.campaignCosts.all() });
  const save = useMutation({ mutationFn: () => apiPatch(path, { amount: amount.trim(), note: note.trim() }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => apiDelete(path), onSuccess: refresh });
  const changed = amount.trim() !== cost.amount || note.trim() !== cost.note;
  return (
    <li className="flex flex-wrap items-center gap-2 px-4 py-2" data-cost={cost.id} aria-label={`Cost of ${cost.day}: ${cost.amount} ${cost.coin}${cost.note ? `, ${cost.note}` : ""}`}>
      <span className="w-28 font-mono text-sm">{cost.day}</span>
      <label className="sr-only" htmlFor={`${id}-amount`}>
        Amount of the cost of {cost.day}
      </label>
      <input id={`${id}-amount`} className={`${inputClass} w-32`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <span className="w-14 text-sm">{cost.coin}</span>
      <label className="sr-only" htmlFor={`${id}-note`}>
        Note of the cost of {cost.day}
      </label>
      <input id={`${id}-note`} className={`${inputClass} w-72`} value={note} maxLength={NOTE_MAX} onChange={(e) => setNote(e.target.value)} />
      <Button size="sm" disabled={!changed || save.isPending} onClick={() => save.mutate()}>
        Save
      </Button>
      <ConfirmDelete question="Delete this cost?" pending={remove.isPending} onConfirm={() => remove.mutate()} />
      <span className="text-xs text-slate-500 dark:text-slate-400">by {cost.updatedByEmail}</span>
      {save.isError || remove.isError ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {errorWords(save.error ?? remove.error, "The change could not be made.")}
        </p>
      ) : null}
    </li>
  );
}

export function CostsList({ costs }: { costs: readonly CampaignCost[] }) {
  if (costs.length === 0) return <p className="px-4 py-2 text-sm text-slate-600 dark:text-slate-400">No cost entered for this code yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800" aria-label="Costs">
      {costs.map((c) => (
        <CostItem key={`${c.id}-${c.updatedAt}`} cost={c} />
      ))}
    </ul>
  );
}
