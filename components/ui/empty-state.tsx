import type { ReactNode } from "react";
import { cn } from "./cn";
import { InboxIcon } from "./icons";

type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  /** A decorative icon; defaults to an inbox. */
  icon?: ReactNode;
  /** A link or button that gets the user moving. */
  action?: ReactNode;
  /** Heading level of the title inside the page outline. */
  headingLevel?: 2 | 3;
  className?: string;
  children?: ReactNode;
};

/** A panel for "nothing here yet": what will appear, and what to do about it. */
export function EmptyState({ title, description, icon, action, headingLevel = 2, className, children }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      className={cn(
        "flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900/60",
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 ring-8 ring-brand-50/50 dark:bg-brand-950 dark:text-brand-300 dark:ring-brand-950/40">
        {icon ?? <InboxIcon className="size-6" />}
      </div>
      <Heading className="mt-5 text-base font-semibold text-slate-900 dark:text-white">{title}</Heading>
      {description ? <div className="mt-1.5 max-w-md text-sm text-slate-600 dark:text-slate-400">{description}</div> : null}
      {children ? <div className="mt-4 w-full max-w-md">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </section>
  );
}
