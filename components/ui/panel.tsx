"use client";

import { useId, type ReactNode } from "react";

/**
 * A titled card section: heading, an optional line of context, optional
 * actions on the right, and its content. The section is labelled by its heading.
 */
export function Panel({
  title,
  titleId,
  meta,
  actions,
  children,
}: {
  title: string;
  /** A fixed id for the heading (when other elements point at it); generated otherwise. */
  titleId?: string;
  meta?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const generated = useId();
  const id = titleId ?? generated;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-xs dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <div className="min-w-0 flex-1">
          <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
            {title}
          </h2>
          {meta ? <div className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{meta}</div> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
