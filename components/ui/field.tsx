/** A labelled form field with an optional error line, and the input style that goes with it. */
import type { ReactNode } from "react";
import { cn } from "./cn";
import { focusRing } from "./focus";

export const inputClass = cn(
  "h-9 max-w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs disabled:opacity-60",
  "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
  focusRing,
);

export function Field({ label, htmlFor, error, children }: { label: string; htmlFor: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={htmlFor} className="text-xs font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} className="max-w-56 text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
