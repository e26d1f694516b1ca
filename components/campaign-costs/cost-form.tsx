"use client";

/** The form that adds a campaign cost to an invite code: the UTC day spent, the amount and its coin, a note. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useAppNow } from "@/components/providers/app-clock";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiPost, errorWords } from "@/lib/api-client";
import { NOTE_MAX } from "@/lib/campaign-costs/inputs";
import { queryKeys } from "@/lib/query-keys";

export function CostForm({ code }: { code: string }) {
  const id = useId();
  const now = useAppNow();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(() => now().toISOString().slice(0, 10));
  const [amount, setAmount] = useState("");
  const [coin, setCoin] = useState("USDT");
  const [note, setNote] = useState("");
  const create = useMutation({
    mutationFn: () => apiPost(`/api/invite-codes/${encodeURIComponent(code)}/costs`, { day: day.trim(), amount: amount.trim(), coin: coin.trim(), note: note.trim() }),
    onSuccess: () => {
      setAmount("");
      setNote("");
      // The code's page and every Invite codes view read the costs.
      return queryClient.invalidateQueries({ queryKey: queryKeys.campaignCosts.all() });
    },
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3 px-4 py-3"
      aria-label="Add a cost"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <Field label="Day (UTC, YYYY-MM-DD)" htmlFor={`${id}-day`}>
        <input id={`${id}-day`} className={`${inputClass} w-36`} value={day} onChange={(e) => setDay(e.target.value)} />
      </Field>
      <Field label="Amount" htmlFor={`${id}-amount`}>
        <input id={`${id}-amount`} className={`${inputClass} w-36`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="e.g. 500" />
      </Field>
      <Field label="Coin" htmlFor={`${id}-coin`}>
        <input id={`${id}-coin`} className={`${inputClass} w-24`} value={coin} onChange={(e) => setCoin(e.target.value)} />
      </Field>
      <Field label={`Note (optional, at most ${NOTE_MAX} characters)`} htmlFor={`${id}-note`}>
        <input id={`${id}-note`} className={`${inputClass} w-72`} value={note} maxLength={NOTE_MAX} onChange={(e) => setNote(e.target.value)} placeholder="e.g. banner on a partner site" />
      </Field>
      <Button type="submit" variant="primary" disabled={amount.trim() === "" || create.isPending}>
        Add cost
      </Button>
      {create.isError ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {errorWords(create.error, "The cost could not be added.")}
        </p>
      ) : null}
    </form>
  );
}
