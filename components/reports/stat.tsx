import type { ReactNode } from "react";
import { MetricHelp } from "./metric-help";

/**
 * One headline figure with its label and a line of context; its definition (lib/metrics) behind a "?" (MetricHelp):
 * `definition` explains the label itself, `help` a metric of its own (e.g. the count in the note).
 */
export function Stat({ label, value, note, definition, help }: { label: string; value: ReactNode; note?: ReactNode; definition?: string; help?: { label: string; definition: string } }) {
  const explained = help ?? (definition ? { label, definition } : undefined);
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <dt className="text-xs text-slate-600 dark:text-slate-400">
        {/* Its own element, so the label reads (and is found) exactly, without the "?" and its definition. */}
        <span>{label}</span>
        {explained ? <MetricHelp label={explained.label} definition={explained.definition} /> : null}
      </dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-slate-600 tabular-nums dark:text-slate-400">{note}</dd> : null}
    </div>
  );
}
