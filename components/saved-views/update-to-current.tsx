"use client";

import { useId, useState } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { Button } from "@/components/ui/button";
import { errorWords } from "@/lib/api-client";
import type { ReportName } from "@/lib/reports/names";
import { useChangeView, useSavedViews } from "./use-saved-views";

/** "Update to current": a saved view of this report takes the page's query (a change its log records, before and after). */
export function UpdateToCurrent({ report, query }: { report: ReportName; query: string }) {
  const id = useId();
  const views = (useSavedViews().data?.views ?? []).filter((v) => v.report === report && v.query !== query);
  const [chosen, setChosen] = useState("");
  const target = views.find((v) => v.id === chosen) ?? views[0];
  const change = useChangeView(target?.id ?? "");
  // Once updated, the view leaves the list (it shows this page now): the sentence stays.
  const [done, setDone] = useState<string | null>(null);
  if (done) return <p role="status" className="text-sm">“{done}” now shows this page.</p>;
  if (!target) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Or update a saved view to this page
      </h3>
      <label htmlFor={`${id}-view`} className={labelClass}>
        Saved view
      </label>
      <select id={`${id}-view`} className={fieldClass} value={target.id} onChange={(e) => setChosen(e.currentTarget.value)}>
        {views.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name} ({v.scope})
          </option>
        ))}
      </select>
      <Button size="sm" variant="secondary" disabled={change.isPending} onClick={() => change.mutate({ query }, { onSuccess: () => setDone(target.name) })}>
        Update to current
      </Button>
      {change.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorWords(change.error, "The view could not be updated.")}
        </p>
      ) : null}
    </section>
  );
}
