"use client";

/**
 * "Send this view on a schedule…": a digest of exactly this view (report,
 * filters, connection; each run reports its own period), beside Share. The
 * server locks the scope from this page's URL, as for a share link.
 */
import { Link } from "@/components/ui/link";
import { useId, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { useViewQuery } from "@/components/reports/view-query";
import { Button } from "@/components/ui/button";
import { FormFooter } from "@/components/ui/form-footer";
import { Dialog } from "@/components/ui/dialog";
import { apiPost, errorWords } from "@/lib/api-client";
import type { DigestView } from "@/lib/digests/view-types";
import { formatUtcMinute } from "@/lib/format/time";
import { digestLinkNotice } from "@/lib/digests/link-words";
import type { ReportName } from "@/lib/reports/names";
import type { ViewSource } from "@/components/share/share-dialog";
import { browserTimeZone, DigestFields, readDigestFields, type DigestFieldValues } from "./digest-fields";

const defaults = (): DigestFieldValues => ({
  kind: "weekly",
  weekday: 1,
  dayOfMonth: 1,
  time: "08:00",
  timeZone: browserTimeZone(),
  mailTo: [],
  webhookEndpointIds: [],
  skipWhenEmpty: false,
  skipWhenUnchanged: false,
});

/** `from`: a saved view (its query and name instead of the page's; the digest remembers it). */
export function DigestDialog({ report, title, from, triggerText = "Send this view on a schedule…" }: { report: ReportName; title: string; from?: ViewSource; triggerText?: string }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const pageQuery = useViewQuery();
  const query = from?.query ?? pageQuery;
  const [initial, setInitial] = useState<DigestFieldValues | null>(null);
  const [created, setCreated] = useState<DigestView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // What the run's public link will show, said before the digest is made (lib/digests/link-words.ts).
  const [linkChoice, setLinkChoice] = useState({ redactUids: false, percentages: false });

  const open = () => {
    setCreated(null);
    setError(null);
    setInitial(defaults());
    setLinkChoice({ redactUids: false, percentages: false });
    setOpen(true);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await apiPost<{ digest: DigestView }>("/api/digests", {
        report,
        query,
        label: String(form.get("label") ?? ""),
        redactUids: form.get("redactUids") === "on",
        percentages: form.get("percentages") === "on",
        ...readDigestFields(form),
        ...(from ? { savedViewId: from.savedViewId } : {}),
      });
      setCreated(result.digest);
    } catch (e) {
      setError(errorWords(e, "The digest could not be created."));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={open} className="print:hidden">
        {triggerText}
      </Button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} title={`Send ${title} on a schedule`}>
        {created ? (
          <div className="mt-4 space-y-3 text-sm">
            <p role="status">
              “{created.label}” is scheduled: {created.schedule.words}. Next: {created.nextRunLocal}, {formatUtcMinute(created.nextRunAt)} UTC.
            </p>
            <div className="flex gap-2">
              <Link href="/digests" className="text-brand-700 underline dark:text-brand-300">
                Open Digests
              </Link>
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Done
              </Button>
            </div>
          </div>
        ) : initial ? (
          <form className="mt-4 space-y-3" onSubmit={(e) => void submit(e)}>
            <div>
              <label htmlFor={`${id}-label`} className={labelClass}>
                Name
              </label>
              <input id={`${id}-label`} data-autofocus name="label" required maxLength={120} defaultValue={from?.name ?? title} className={fieldClass} />
            </div>
            <DigestFields id={id} initial={initial} />
            <p id={`${id}-link`} role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100" data-testid="digest-link-notice">
              {digestLinkNotice(linkChoice)}
            </p>
            <label className="block text-sm">
              <input type="checkbox" name="redactUids" aria-describedby={`${id}-link`} checked={linkChoice.redactUids} onChange={(e) => setLinkChoice((c) => ({ ...c, redactUids: e.target.checked }))} /> Mask invitee uids
            </label>
            <label className="block text-sm">
              <input type="checkbox" name="percentages" aria-describedby={`${id}-link`} checked={linkChoice.percentages} onChange={(e) => setLinkChoice((c) => ({ ...c, percentages: e.target.checked }))} /> Show percentages
              instead of amounts
            </label>
            <p className="text-xs text-slate-600 dark:text-slate-400">Each mail has the key figures against the previous period, the PDF, and that link.</p>
            <FormFooter error={error} pending={pending} submitText="Create digest" pendingText="Creating…" onCancel={() => setOpen(false)} />
          </form>
        ) : null}
      </Dialog>
    </>
  );
}
