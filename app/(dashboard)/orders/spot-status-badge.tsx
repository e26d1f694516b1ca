/** The status of a spot order as a badge: one look for every status. */
import { cn } from "@/components/ui/cn";

const STATUS_STYLE: Record<string, { label: string; className: string }> = {
  NEW: { label: "New", className: "bg-sky-50 text-sky-800 ring-sky-200 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800" },
  PARTIALLY_FILLED: {
    label: "Partially filled",
    className: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  },
  FILLED: { label: "Filled", className: "bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800" },
  CANCELED: { label: "Cancelled", className: "bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-600" },
};

/** One look for every status; an unknown value is shown exactly as it came. */
export function StatusBadge({ status }: { status: string }) {
  const known = STATUS_STYLE[status];
  return (
    <span
      title={status}
      className={cn(
        "inline-flex rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset",
        known?.className ?? "bg-violet-50 font-mono text-violet-900 ring-violet-200 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-800",
      )}
    >
      {known?.label ?? status}
    </span>
  );
}
