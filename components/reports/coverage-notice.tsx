"use client";

import { AlertIcon } from "@/components/ui/icons";
import type { AnswerCoverage } from "@/lib/reports/contracts/report-contract";

/**
 * What of the view's range the warehouse holds, in words, whenever it is not
 * all of it ("Partial: history from 2025-11-25 …", "Still loading history: 3
 * weeks of 12 months …"): totals of a partly synced range are smaller because
 * days are missing, not because nothing happened, and the page says so. Printed
 * too. Nothing when the range is whole.
 */
export function CoverageNotice({ coverage }: { coverage: AnswerCoverage | null | undefined }) {
  if (!coverage?.note) return null;
  return (
    <p
      role="status"
      data-coverage-note={coverage.state}
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <AlertIcon className="mt-px size-3.5 shrink-0" />
      <span>{coverage.note}</span>
    </p>
  );
}
