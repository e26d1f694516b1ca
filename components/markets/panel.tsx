import { type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon } from "@/components/ui/icons";

export function Panel({
  titleId,
  title,
  meta,
  actions,
  children,
}: {
  titleId: string;
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white shadow-xs dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-x-4 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          {meta ? <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{meta}</div> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export function NoMatch({ query, onClear, what }: { query: string; onClear: () => void; what: string }) {
  return (
    <EmptyState
      className="m-4 border-0"
      headingLevel={3}
      icon={<SearchIcon className="size-6" />}
      title={`No ${what} match “${query.trim()}”`}
      description="Search looks for the text anywhere in the symbol, e.g. BTC or USDT."
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear search
        </Button>
      }
    />
  );
}
