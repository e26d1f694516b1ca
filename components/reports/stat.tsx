import type { ReactNode } from "react";

/** One headline figure with its label and a line of context. */
export function Stat({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-slate-600 tabular-nums dark:text-slate-400">{note}</dd> : null}
    </div>
  );
}
