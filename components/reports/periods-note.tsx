import type { AnswerMeta } from "@/lib/reports/contracts/report-contract";
import { partialDayInWords, periodsInWords } from "@/lib/reports/period-words";

/**
 * The periods a page shows and compares, in words ("1–26 Nov 2026 compared with 1–26 Oct 2026"), and, while the
 * range reaches today, that today is partial and which whole days the changes compare (lib/reports/periods.ts).
 */
export function PeriodsNote({ periods, compare }: { periods: AnswerMeta["periods"]; compare: AnswerMeta["compare"] }) {
  const partial = partialDayInWords(periods, compare);
  return (
    <p className="text-xs text-slate-700 dark:text-slate-300" data-testid="periods-note">
      <span data-periods-current={periods.current.from + "/" + periods.current.to}>{periodsInWords(periods, compare)}</span>
      {partial ? (
        <span className="block" data-partial-day={periods.partialDay ?? ""}>
          {partial}
        </span>
      ) : null}
    </p>
  );
}
