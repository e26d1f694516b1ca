import type { ReactNode } from "react";

type PageHeaderProps = {
  /** Rendered as the page's single level-1 heading. */
  title: string;
  /** Short line above the title (product area, section name). */
  eyebrow?: string;
  /** One or two sentences under the title. */
  children?: ReactNode;
  /** Controls aligned with the title on wide screens (refresh, export…). */
  actions?: ReactNode;
};

export function PageHeader({ title, eyebrow, children, actions }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {eyebrow ? (
          <p className="text-xs font-semibold tracking-wider text-brand-700 uppercase dark:text-brand-300">{eyebrow}</p>
        ) : null}
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-[1.75rem] dark:text-white">{title}</h1>
        {children ? <div className="mt-1.5 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </header>
  );
}
