"use client";

/**
 * A code's costs, oldest day first: each reads as its day, amount, coin and note; "Edit" opens the add form's fields
 * on it (any of the four can change — a day or coin changed is valued anew) and "Delete" asks first.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDelete } from "@/components/ui/confirm-delete";
import { apiDelete, apiPatch } from "@/lib/api-client";
import type { CampaignCost } from "@/lib/campaign-costs/inputs";
import { queryKeys } from "@/lib/query-keys";
import { CostFields, CostRefusal, trimmedDraft, type CostDraft } from "./cost-fields";

const draftOf = (c: CampaignCost): CostDraft => ({ day: c.day, amount: c.amount, coin: c.coin, note: c.note });
const sameDraft = (a: CostDraft, b: CostDraft): boolean => a.day === b.day && a.amount === b.amount && a.coin.toUpperCase() === b.coin.toUpperCase() && a.note === b.note;

function CostItem({ cost }: { cost: CampaignCost }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(cost));
  const path = `/api/invite-codes/${encodeURIComponent(cost.inviteCode)}/costs/${cost.id}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.campaignCosts.all() });
  // A saved edit changes updatedAt, which remounts this item (its key) closed and showing the server's values.
  const save = useMutation({ mutationFn: () => apiPatch(path, trimmedDraft(draft)), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => apiDelete(path), onSuccess: refresh });
  const changed = !sameDraft(trimmedDraft(draft), draftOf(cost));
  const name = `Cost of ${cost.day}: ${cost.amount} ${cost.coin}${cost.note ? `, ${cost.note}` : ""}`;
  return (
    <li className="px-4 py-2" data-cost={cost.id} aria-label={name}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-mono">{cost.day}</span>
        {/* As entered, every decimal: the amount is what the team typed, not a rounded view of it. */}
        <span className="font-medium">
          {cost.amount} {cost.coin}
        </span>
        {cost.note ? <span className="min-w-0 break-words text-slate-700 dark:text-slate-300">{cost.note}</span> : null}
        <span className="text-xs text-slate-500 dark:text-slate-400">by {cost.updatedByEmail}</span>
        <span className="ml-auto flex items-center gap-2">
          <Button size="sm" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
            {editing ? "Close" : "Edit"}
          </Button>
          <ConfirmDelete question="Delete this cost?" pending={remove.isPending} onConfirm={() => remove.mutate()} />
        </span>
      </div>
      {editing ? (
        <form
          className="mt-2 flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60"
          aria-label={`Edit the cost of ${cost.day}`}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <CostFields id={id} draft={draft} onChange={setDraft} />
          <Button type="submit" variant="primary" disabled={!changed || save.isPending}>
            Save
          </Button>
          <Button
            onClick={() => {
              setDraft(draftOf(cost));
              save.reset();
              setEditing(false);
            }}
          >
            Cancel
          </Button>
          <CostRefusal error={save.error} fallback="The change could not be saved." />
        </form>
      ) : null}
      <CostRefusal error={remove.error} fallback="The cost could not be deleted." />
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
