import type { ActionResult } from "@/lib/auth/actions";

/** The outcome of a settings action, announced to screen readers. */
export function ActionMessage({ result }: { result: ActionResult | null }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={
        result && !result.ok
          ? "min-h-5 text-sm text-red-700 dark:text-red-400"
          : "min-h-5 text-sm text-emerald-700 dark:text-emerald-400"
      }
    >
      {result ? (result.ok ? result.message : result.error) : null}
    </p>
  );
}

export const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 shadow-sm " +
  "focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none " +
  "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

export const labelClass = "block text-sm font-medium text-slate-700 dark:text-slate-200";
