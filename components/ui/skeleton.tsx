import { cn } from "./cn";

/** A pulsing placeholder block. Decorative: pair it with a text status for assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200/80 dark:bg-slate-800", className)} />;
}

/** Placeholder rows for a table while its data loads; announces "Loading …" once. */
export function TableSkeleton({ rows = 8, columns = 6, label = "Loading" }: { rows?: number; columns?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="divide-y divide-slate-100 dark:divide-slate-800">
      <span className="sr-only">{label}…</span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex items-center gap-4 px-4 py-3">
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} className={cn("h-4", column === 0 ? "w-28 shrink-0" : "flex-1")} />
          ))}
        </div>
      ))}
    </div>
  );
}
