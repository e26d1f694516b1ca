"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { Button } from "@/components/ui/button";
import { ApiClientError, apiPost } from "@/lib/api-client";
import type { ReportName } from "@/lib/reports/names";
import { useViewQuery } from "@/components/reports/view-query";

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

/**
 * "Share": a link to exactly this view (report, filters, range, connection) for
 * people without an account. The server locks the scope from this page's URL.
 */
export function ShareDialog({ report, title }: { report: ReportName; title: string }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const query = useViewQuery();
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [copied, setCopied] = useState(false);

  const open = () => {
    setCreated(null);
    setError(null);
    setCopied(false);
    dialog.current?.showModal();
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
        mode: form.get("mode") === "snapshot" ? "snapshot" : "live",
        expiry: String(form.get("expiry") ?? "7d"),
        ...(password ? { password } : {}),
        redactUids: form.get("redactUids") === "on",
        percentages: form.get("percentages") === "on",
      });
      setCreated(result);
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : "The link could not be created.");
    } finally {
      setPending(false);
    }
  };

  const url = created ? `${window.location.origin}${created.path}` : "";

  return (
    <>
      <Button variant="secondary" size="sm" onClick={open} className="print:hidden">
        Share
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/40 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Share {title}
        </h2>
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
              <Button variant="ghost" onClick={() => dialog.current?.close()}>
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
              <input id={`${id}-label`} name="label" required maxLength={120} defaultValue={title} className={fieldClass} />
            </div>
            <fieldset>
              <legend className={labelClass}>Figures</legend>
              <label className="mr-4 text-sm">
                <input type="radio" name="mode" value="live" defaultChecked /> Live
              </label>
              <label className="text-sm">
                <input type="radio" name="mode" value="snapshot" /> Snapshot (frozen now)
              </label>
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
            {error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {error}
              </p>
            ) : null}
            <div className="flex gap-2">
              <Button type="submit" disabled={pending}>
                {pending ? "Creating…" : "Create link"}
              </Button>
              <Button variant="ghost" onClick={() => dialog.current?.close()}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
