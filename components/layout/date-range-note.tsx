import { CalendarIcon } from "@/components/ui/icons";
import { rangeZoneNote } from "@/lib/reports/zone-words";
import type { ResolvedDateRange } from "@/lib/url-state/date-range";

/**
 * The period a page covers, as the server resolved it from the URL (an unusable range is said by ParamNotice).
 * `tz`: the time zone the page's charts bucket in, for pages that take one (the range stays whole UTC days).
 */
export function DateRangeNote({ range, tz }: { range: ResolvedDateRange; tz?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="inline-flex items-center gap-1.5 text-xs text-slate-600 tabular-nums dark:text-slate-400">
        <CalendarIcon className="size-3.5" />
        <span>
          {/* "All time" starts on the warehouse's first day, known to the report's answer (its periods note says the days). */}
          {range.label} · {range.state.range === "all" ? "from the first synced day" : range.from} → {range.to} ({rangeZoneNote(tz)})
        </span>
      </p>
    </div>
  );
}
