import { formatUtcMinute } from "@/lib/format/time";

/** How fresh the figures are: the time up to which every report of the warehouse has been read. */
export function DataAsOf({ asOf }: { asOf: number | null }) {
  return (
    <p role="status" className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
      {asOf === null ? "No data synced yet for this connection: history fills in newest first." : `Data as of ${formatUtcMinute(asOf)} UTC`}
    </p>
  );
}
