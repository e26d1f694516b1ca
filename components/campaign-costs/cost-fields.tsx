"use client";

/**
 * A cost's four fields — the UTC day, the amount, its coin, a note — as both the add form and a cost's edit form show
 * them, so the two ask the same way; the server's schema (lib/campaign-costs/inputs) checks what they send.
 */
import { Field, inputClass } from "@/components/ui/field";
import { errorWords } from "@/lib/api-client";
import { NOTE_MAX } from "@/lib/campaign-costs/inputs";

export interface CostDraft {
  day: string;
  amount: string;
  coin: string;
  note: string;
}

/** The draft as the routes take it: each field trimmed (the schema trims too; this keeps "changed?" honest). */
export const trimmedDraft = (d: CostDraft): CostDraft => ({ day: d.day.trim(), amount: d.amount.trim(), coin: d.coin.trim(), note: d.note.trim() });

export function CostFields({ id, draft, onChange }: { id: string; draft: CostDraft; onChange: (next: CostDraft) => void }) {
  const set = (field: keyof CostDraft) => (e: { target: { value: string } }) => onChange({ ...draft, [field]: e.target.value });
  return (
    <>
      <Field label="Day (UTC, YYYY-MM-DD)" htmlFor={`${id}-day`}>
        <input id={`${id}-day`} className={`${inputClass} w-36`} value={draft.day} onChange={set("day")} />
      </Field>
      <Field label="Amount" htmlFor={`${id}-amount`}>
        <input id={`${id}-amount`} className={`${inputClass} w-36`} inputMode="decimal" value={draft.amount} onChange={set("amount")} placeholder="e.g. 500" />
      </Field>
      <Field label="Coin" htmlFor={`${id}-coin`}>
        <input id={`${id}-coin`} className={`${inputClass} w-24`} value={draft.coin} onChange={set("coin")} />
      </Field>
      <Field label={`Note (optional, at most ${NOTE_MAX} characters)`} htmlFor={`${id}-note`}>
        <input id={`${id}-note`} className={`${inputClass} w-72`} value={draft.note} maxLength={NOTE_MAX} onChange={set("note")} placeholder="e.g. banner on a partner site" />
      </Field>
    </>
  );
}

/** What the server refused, in its words (the field and why), under the form that sent it. */
export function CostRefusal({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
      {errorWords(error, fallback)}
    </p>
  );
}
