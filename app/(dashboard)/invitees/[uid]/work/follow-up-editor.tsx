"use client";

/** The follow-up state of one invitee (to contact · contacted on … · replied · not interested), with a due date. */
import { useId, useState } from "react";
import { useAppNow } from "@/components/providers/app-clock";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiPut, errorWords } from "@/lib/api-client";
import { followUpWords } from "@/lib/invitee-work/labels";
import { FOLLOW_UP_LABELS, FOLLOW_UP_STATES, type FollowUp, type FollowUpAnswer, type FollowUpState } from "@/lib/invitee-work/types";
import { useWorkWrite, workPath } from "./use-work";

interface Draft {
  state: FollowUpState | "";
  contactedOn: string;
  dueOn: string;
}

const draftOf = (followUp: FollowUp | null): Draft => ({ state: followUp?.state ?? "", contactedOn: followUp?.contactedOn ?? "", dueOn: followUp?.dueOn ?? "" });

export function FollowUpEditor({ uid, followUp }: { uid: string; followUp: FollowUp | null }) {
  const id = useId();
  // The panel keys this form by the follow-up's last change: a save, or another person's change read on refetch, starts
  // a fresh draft from what the server holds.
  const [draft, setDraft] = useState<Draft>(() => draftOf(followUp));
  const save = useWorkWrite(uid, (d: Draft) =>
    apiPut<FollowUpAnswer>(
      workPath(uid, "follow-up"),
      d.state === "" ? { state: null } : { state: d.state, ...(d.state === "contacted" && d.contactedOn ? { contactedOn: d.contactedOn } : {}), ...(d.dueOn ? { dueOn: d.dueOn } : {}) },
    ),
  );
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(followUp));
  const now = useAppNow();
  const overdue = followUp?.dueOn != null && followUp.dueOn < now().toISOString().slice(0, 10);
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {followUp ? (
          <>
            <span className="font-medium text-slate-900 dark:text-white">{followUpWords(followUp)}</span>
            {overdue ? <span className="font-medium text-amber-800 dark:text-amber-200"> (overdue)</span> : null}
            <span className="text-xs text-slate-600 dark:text-slate-400"> · set by {followUp.updatedByEmail} at {followUp.updatedAt.slice(0, 16).replace("T", " ")} UTC</span>
          </>
        ) : (
          "No follow-up set."
        )}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Follow-up" htmlFor={`${id}-state`}>
          <select id={`${id}-state`} className={inputClass} value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value as Draft["state"] })}>
            <option value="">None</option>
            {FOLLOW_UP_STATES.map((state) => (
              <option key={state} value={state}>
                {FOLLOW_UP_LABELS[state]}
              </option>
            ))}
          </select>
        </Field>
        {draft.state === "contacted" ? (
          <Field label="Contacted on (UTC; today if empty)" htmlFor={`${id}-contacted`}>
            <input id={`${id}-contacted`} type="date" className={inputClass} value={draft.contactedOn} onChange={(e) => setDraft({ ...draft, contactedOn: e.target.value })} />
          </Field>
        ) : null}
        {draft.state !== "" ? (
          <Field label="Due (optional)" htmlFor={`${id}-due`}>
            <input id={`${id}-due`} type="date" className={inputClass} value={draft.dueOn} onChange={(e) => setDraft({ ...draft, dueOn: e.target.value })} />
          </Field>
        ) : null}
        <Button type="submit" variant="primary" disabled={!changed || save.isPending}>
          {save.isPending ? "Saving…" : "Save follow-up"}
        </Button>
      </div>
      {save.isError ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {errorWords(save.error, "The follow-up could not be saved.")}
        </p>
      ) : null}
    </form>
  );
}
