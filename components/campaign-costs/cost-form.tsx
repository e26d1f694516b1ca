"use client";

/** The form that adds a campaign cost to an invite code: the UTC day spent, the amount and its coin, a note. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useAppNow } from "@/components/providers/app-clock";
import { Button } from "@/components/ui/button";
import { apiPost } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { CostFields, CostRefusal, trimmedDraft, type CostDraft } from "./cost-fields";

export function CostForm({ code }: { code: string }) {
  const id = useId();
  const now = useAppNow();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CostDraft>(() => ({ day: now().toISOString().slice(0, 10), amount: "", coin: "USDT", note: "" }));
  const create = useMutation({
    mutationFn: () => apiPost(`/api/invite-codes/${encodeURIComponent(code)}/costs`, trimmedDraft(draft)),
    onSuccess: () => {
      setDraft((d) => ({ ...d, amount: "", note: "" }));
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
      <CostFields id={id} draft={draft} onChange={setDraft} />
      <Button type="submit" variant="primary" disabled={draft.amount.trim() === "" || create.isPending}>
        Add cost
      </Button>
      <CostRefusal error={create.error} fallback="The cost could not be added." />
    </form>
  );
}
