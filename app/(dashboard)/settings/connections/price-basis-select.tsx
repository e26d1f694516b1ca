"use client";

/**
 * A connection's price basis (docs/prices.md), changed where the connection is managed: which instant's price values
 * a day's amounts in other coins — the next 00:00 UTC (the default) or the next 00:00 UTC+8, as Bitget does. The
 * server keeps the closes of both once read; the next sync fills the newly chosen basis's, and until then those
 * amounts say "not valued" rather than taking the other basis's price.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { fieldClass } from "@/components/auth/action-message";
import { apiGet, apiPut, errorWords } from "@/lib/api-client";
import { BASIS_WORDS } from "@/lib/prices/words";
import { queryKeys } from "@/lib/query-keys";

type Basis = keyof typeof BASIS_WORDS & string;
interface BasisAnswer {
  connectionId: string;
  priceBasis: Basis;
}
const OPTIONS: ReadonlyArray<[Basis, string]> = [
  ["utc", `Close at ${BASIS_WORDS.utc} (default)`],
  ["utc8", `Close at ${BASIS_WORDS.utc8} (as Bitget)`],
];

export function PriceBasisSelect({ connectionId, name }: { connectionId: string; name: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const key = [...queryKeys.connections.all(), "price-basis", connectionId] as const;
  const path = `/api/connections/${encodeURIComponent(connectionId)}/price-basis`;
  const basis = useQuery({ queryKey: key, queryFn: () => apiGet<BasisAnswer>(path) });
  const change = useMutation({
    mutationFn: (priceBasis: Basis) => apiPut<BasisAnswer>(path, { priceBasis }),
    // Every report's USDT values depend on it: read them again.
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      void queryClient.invalidateQueries();
    },
  });
  if (basis.isError) return <span className="text-xs text-red-700 dark:text-red-300">{errorWords(basis.error, "The price basis could not be read.")}</span>;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="sr-only">
        Price basis of {name}
      </label>
      <select
        id={id}
        className={`${fieldClass} py-1 text-xs`}
        value={change.isPending ? change.variables : (basis.data?.priceBasis ?? "")}
        disabled={basis.isPending || change.isPending}
        onChange={(e) => change.mutate(e.target.value as Basis)}
      >
        {basis.isPending ? <option value="">Loading…</option> : null}
        {OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {change.isError ? <p role="alert" className="text-xs text-red-700 dark:text-red-300">{errorWords(change.error, "The price basis could not be changed.")}</p> : null}
      {change.isSuccess ? <p className="text-xs text-slate-600 dark:text-slate-400" role="status">Saved: the next sync reads the prices of this basis.</p> : null}
    </div>
  );
}
