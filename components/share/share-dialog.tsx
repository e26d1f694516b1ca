"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { Button } from "@/components/ui/button";
import { FormFooter } from "@/components/ui/form-footer";
import { Dialog } from "@/components/ui/dialog";
import { apiPost, errorWords } from "@/lib/api-client";
import type { ReportName } from "@/lib/reports/names";
import { useViewQuery } from "@/components/reports/view-query";
import { dayRangeWords, daysBetween, rollingWords } from "@/lib/share/rolling";
import { getDateRange, isCalendarPreset } from "@/lib/url-state/date-range";
import { parseReportFilters } from "@/lib/reports/filters";
import { COMPARE_IN_WORDS } from "@/lib/reports/periods";
import { useAppNow } from "@/components/providers/app-clock";
import { splitOriginList } from "@/lib/share/embed-origins";
import { queryKeys } from "@/lib/query-keys";
import { ShareAnnotationsChoice } from "@/components/annotations/share-choice";

interface Created {
  id: string;
  path: string;
  scope: string;
  expiresAt: number | null;
  /** What the link is, in one sentence built from the stored link (lib/share/link-sentence.ts). */
  summary: string;
}

const EXPIRY_OPTIONS = [
  ["1d", "1 day"],
  ["7d", "7 days"],
  ["30d", "30 days"],
  ["never", "Never"],
] as const;

/** A saved view a link or digest is made from (its query instead of the page's; the row remembers it). */
export interface ViewSource {
  savedViewId: string;
  name: string;
  query: string;
}

/**
 * "Share": a link to exactly this view (report, filters, range, connection) for
 * people without an account. The server locks the scope from this page's URL,
 * or from a saved view's query (`from`, on the list of saved views).
 */
export function ShareDialog({ report, title, from, triggerText = "Share" }: { report: ReportName; title: string; from?: ViewSource; triggerText?: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const pageQuery = useViewQuery();
  const query = from?.query ?? pageQuery;
  const appNow = useAppNow();
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [copied, setCopied] = useState(false);
  const [mode, setMode] = useState<"live" | "snapshot">("live");
  const [dates, setDates] = useState<"fixed" | "rolling">("fixed");
  // The view's days as the server will lock them (it resolves the same URL at creation).
  const days = useMemo(() => {
    const { from, to, state } = getDateRange(new URLSearchParams(query), appNow());
    // A calendar preset (month to date, last month…) rolls as that preset, as the server locks it (lib/share/scope.ts).
    const calendar = isCalendarPreset(state.range) ? state.range : undefined;
    const rolling = rollingWords(daysBetween(from, to), calendar);
    return {
      fixed: dayRangeWords(from, to),
      rolling: calendar ? `${rolling}, as of the day it is opened` : `${rolling} up to the day it is opened`,
      help: calendar
        ? `Fixed dates always show the same days; a rolling link shows ${rolling} as of the day it is opened, compared with the same stretch before it.`
        : "Fixed dates always show the same days; a rolling link moves on every day and never shows more than that many days.",
    };
  }, [query, appNow]);
  const compare = useMemo(() => parseReportFilters(new URLSearchParams(query), appNow()).compare, [query, appNow]);

  const open = () => {
    setCreated(null);
    setError(null);
    setCopied(false);
    // Every opening starts from the defaults: live, fixed dates.
    setMode("live");
    setDates("fixed");
    setOpen(true);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError(null);
    try {
      const result = await apiPost<Created>("/api/share", {
        report,
        query,
        label: String(form.get("label") ?? ""),
        mode,
        // A snapshot is frozen: its dates are fixed whatever was picked.
        dates: mode === "live" ? dates : "fixed",
        expiry: String(form.get("expiry") ?? "7d"),
        ...(password ? { password } : {}),
        redactUids: form.get("redactUids") === "on",
        percentages: form.get("percentages") === "on",
        embedOrigins: splitOriginList(String(form.get("embedOrigins") ?? "")),
        ...(from ? { savedViewId: from.savedViewId } : {}),
        annotationIds: form.getAll("annotationIds").map(String),
      });
      setCreated(result);
      await queryClient.invalidateQueries({ queryKey: queryKeys.shareLinks() });
    } catch (e) {
      setError(errorWords(e, "The link could not be created."));
    } finally {
      setPending(false);
    }
  };

  const url = created ? `${window.location.origin}${created.path}` : "";

  return (
    <>
      <Button variant="secondary" size="sm" onClick={open} className="print:hidden">
        {triggerText}
      </Button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} title={`Share ${title}`}>
        {created ? (
          <div className="mt-4 space-y-3">
            <p className="text-sm" data-testid="share-link-summary">
              {created.summary} Read-only.
            </p>
            <label htmlFor={`${id}-url`} className={labelClass}>
              Share link
            </label>
            <input id={`${id}-url`} readOnly value={url} className={fieldClass} onFocus={(e) => e.currentTarget.select()} />
            <div className="flex gap-2">
              <Button
                onClick={() => {
                  void navigator.clipboard?.writeText(url).then(() => setCopied(true));
                }}
              >
                {copied ? "Copied" : "Copy link"}
              </Button>
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Done
              </Button>
            </div>
          </div>
        ) : (
          <form className="mt-4 space-y-3" onSubmit={(e) => void submit(e)}>
            <div>
              <label htmlFor={`${id}-label`} className={labelClass}>
                Label
              </label>
              <input id={`${id}-label`} data-autofocus name="label" required maxLength={120} defaultValue={from?.name ?? title} className={fieldClass} />
            </div>
            <fieldset>
              <legend className={labelClass}>Figures</legend>
              <label className="mr-4 text-sm">
                <input type="radio" name="mode" value="live" checked={mode === "live"} onChange={() => setMode("live")} /> Live
              </label>
              <label className="text-sm">
                <input type="radio" name="mode" value="snapshot" checked={mode === "snapshot"} onChange={() => setMode("snapshot")} /> Snapshot (frozen now)
              </label>
            </fieldset>
            <fieldset disabled={mode === "snapshot"} aria-describedby={`${id}-dates-help`}>
              <legend className={labelClass}>Dates</legend>
              <label className="block text-sm">
                <input type="radio" name="dates" value="fixed" checked={dates === "fixed"} onChange={() => setDates("fixed")} /> Fixed: {days.fixed}
              </label>
              <label className="block text-sm">
                <input type="radio" name="dates" value="rolling" checked={dates === "rolling"} onChange={() => setDates("rolling")} /> Rolling: {days.rolling}
              </label>
              <p id={`${id}-dates-help`} className="text-xs text-slate-600 dark:text-slate-400">
                {mode === "snapshot"
                  ? "A snapshot is frozen now, so its dates are fixed."
                  : days.help}
              </p>
              {/* The page's compare choice goes with the link (lib/share/scope.ts): say which one its viewers will see. */}
              <p className="text-xs text-slate-700 dark:text-slate-300" data-testid="share-compare">
                Compared with {COMPARE_IN_WORDS[compare]}, as on this page.
              </p>
            </fieldset>
            <div>
              <label htmlFor={`${id}-expiry`} className={labelClass}>
                Expires after
              </label>
              <select id={`${id}-expiry`} name="expiry" defaultValue="7d" className={fieldClass}>
                {EXPIRY_OPTIONS.map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-password`} className={labelClass}>
                Password (optional)
              </label>
              <input id={`${id}-password`} name="password" type="password" minLength={8} maxLength={72} autoComplete="new-password" className={fieldClass} />
            </div>
            <label className="block text-sm">
              <input type="checkbox" name="redactUids" /> Mask invitee uids
            </label>
            <label className="block text-sm">
              <input type="checkbox" name="percentages" /> Show percentages instead of amounts
            </label>
            <ShareAnnotationsChoice report={report} query={query} labelClass={labelClass} />
            <div>
              <label htmlFor={`${id}-embed`} className={labelClass}>
                Allow embedding on (optional)
              </label>
              <input id={`${id}-embed`} name="embedOrigins" inputMode="url" maxLength={2000} placeholder="https://partner.example.com" aria-describedby={`${id}-embed-hint`} className={fieldClass} />
              <p id={`${id}-embed-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                Sites that may show this report in a frame, by origin (https://…); several separated by spaces. Not with a password.
              </p>
            </div>
            <FormFooter error={error} pending={pending} submitText="Create link" pendingText="Creating…" onCancel={() => setOpen(false)} />
          </form>
        )}
      </Dialog>
    </>
  );
}
