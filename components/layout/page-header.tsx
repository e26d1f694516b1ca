import type { ReactNode } from "react";

type PageHeaderProps = {
  /** Rendered as the page's single level-1 heading. */
  title: string;
  /** Short line above the title (product area, section name). */
  eyebrow?: string;
  /** One or two sentences under the title. */
  children?: ReactNode;
};

export function PageHeader({ title, eyebrow, children }: PageHeaderProps) {
  return (
    <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-400">{eyebrow}</p>
      ) : null}
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
      {children ? <div className="mt-3 max-w-2xl text-base text-slate-600 dark:text-slate-300">{children}</div> : null}
    </header>
  );
}
