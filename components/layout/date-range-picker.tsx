"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useRef, useState, useTransition, type FormEvent } from "react";
import { useAppNow } from "@/components/providers/app-clock";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { CalendarIcon, ChevronDownIcon } from "@/components/ui/icons";
import {
  PRESET_LABELS,
  RANGE_PRESETS,
  isSameDateRange,
  parseDateRange,
  resolveDateRange,
  validateCustomRange,
  withDateRange,
  type DateRangeState,
} from "@/lib/url-state/date-range";
import { HistoryStartNote } from "./history-start";

/**
 * The global date range: presets and a custom from/to, written to the URL
 * with router.push (other parameters kept; Back undoes it). Pages read the same
 * parameters through lib/url-state/date-range on the server.
 */
export function DateRangePicker({ className }: { className?: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const appNow = useAppNow();
  const { state, issue } = parseDateRange(searchParams, appNow());
  const resolved = resolveDateRange(state, appNow());

  const [from, setFrom] = useState(resolved.from);
  const [to, setTo] = useState(resolved.to);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  function toggle() {
    if (!open) {
      // Start the custom inputs from what is shown now.
      setFrom(resolved.from);
      setTo(resolved.to);
      setFormError(null);
    }
    setOpen(!open);
  }

  function apply(next: DateRangeState) {
    setOpen(false);
    buttonRef.current?.focus();
    if (isSameDateRange(next, state) && !issue) return;
    const query = withDateRange(searchParams.toString(), next).toString();
    // A history entry per change: Back undoes a filter, as in umami and Plausible.
    startTransition(() => router.push(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  }

  function onSubmitCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = validateCustomRange(from, to, appNow());
    setFormError(problem);
    if (!problem) apply({ range: "custom", from, to });
  }

  const today = resolveDateRange({ range: "7d" }, appNow()).to;
  // "All time" starts on the warehouse's first day, which only the report's answer knows (lib/reports/run.ts).
  const shownFrom = state.range === "all" ? "first synced day" : resolved.from;

  return (
    <div ref={wrapperRef} className={cn("relative", className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="true"
        title={`${shownFrom} → ${resolved.to} (UTC)`}
        onClick={toggle}
        className={cn(
          "inline-flex h-9 w-full items-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 shadow-xs hover:border-slate-400",
          "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-slate-600",
          focusRing,
        )}
      >
        <CalendarIcon className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
        <span className="sr-only">Date range: </span>
        <span className="truncate">{resolved.label}</span>
        <span className="hidden truncate text-xs font-normal text-slate-500 tabular-nums 2xl:inline dark:text-slate-400">
          {shownFrom} → {resolved.to}
        </span>
        <ChevronDownIcon className={cn("ml-auto size-4 shrink-0 text-slate-500 transition-transform dark:text-slate-400", open && "rotate-180")} />
      </button>
      <span role="status" className="sr-only">
        {pending ? "Updating date range…" : ""}
      </span>

      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full left-0 z-40 mt-2 w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-3 shadow-xl ring-1 ring-slate-900/5 dark:border-slate-700 dark:bg-slate-900 dark:ring-white/5"
      >
        <fieldset>
          <legend className="px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">Presets</legend>
          <div className="mt-2 grid grid-cols-2 gap-1">
            {RANGE_PRESETS.map((preset) => {
              const active = state.range === preset;
              return (
                <button
                  key={preset}
                  type="button"
                  aria-pressed={active}
                  onClick={() => apply({ range: preset })}
                  className={cn(
                    "rounded-md px-2.5 py-1.5 text-left text-sm transition-colors",
                    active
                      ? "bg-brand-50 font-semibold text-brand-800 dark:bg-brand-950 dark:text-brand-200"
                      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
                    focusRing,
                  )}
                >
                  {PRESET_LABELS[preset]}
                </button>
              );
            })}
          </div>
        </fieldset>

        <form onSubmit={onSubmitCustom} noValidate className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-700">
          <fieldset>
            <legend className="px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
              Custom range (UTC)
            </legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              <label className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
                From
                <input
                  type="date"
                  name="from"
                  value={from}
                  max={today}
                  required
                  onChange={(event) => setFrom(event.target.value)}
                  aria-invalid={formError ? true : undefined}
                  aria-describedby={[formError ? `${panelId}-error` : null, `${panelId}-history`].filter(Boolean).join(" ")}
                  className={cn(
                    "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 tabular-nums dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:[color-scheme:dark]",
                    focusRing,
                  )}
                />
              </label>
              <label className="flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
                To
                <input
                  type="date"
                  name="to"
                  value={to}
                  required
                  onChange={(event) => setTo(event.target.value)}
                  aria-invalid={formError ? true : undefined}
                  aria-describedby={formError ? `${panelId}-error` : undefined}
                  className={cn(
                    "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 tabular-nums dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:[color-scheme:dark]",
                    focusRing,
                  )}
                />
              </label>
            </div>
            <HistoryStartNote id={`${panelId}-history`} enabled={open} />
          </fieldset>
          {formError ? (
            <p id={`${panelId}-error`} role="alert" className="mt-2 text-xs text-red-700 dark:text-red-300">
              {formError}.
            </p>
          ) : null}
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" size="sm">
              Apply
            </Button>
          </div>
        </form>
      </div>
      {issue ? (
        <p role="status" className="sr-only">
          {issue}
        </p>
      ) : null}
    </div>
  );
}
