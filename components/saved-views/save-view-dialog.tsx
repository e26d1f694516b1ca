"use client";

/**
 * "Save view": this page's view (report and URL query) under a name, private
 * or for the team, pinned in the navigation or not. The same dialog updates a
 * view of this report already saved to what the page shows now ("Update to
 * current"), which only a report page can do: only it has a current view.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { useViewQuery } from "@/components/reports/view-query";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormFooter } from "@/components/ui/form-footer";
import { apiPost, errorWords } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { ReportName } from "@/lib/reports/names";
import { SAVED_VIEW_NAME_MAX, type SavedView } from "@/lib/saved-views/types";
import { UpdateToCurrent } from "./update-to-current";

export function SaveViewDialog({ report, title }: { report: ReportName; title: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const query = useViewQuery();
  const [isOpen, setOpen] = useState(false);
  const [saved, setSaved] = useState<SavedView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const open = () => {
    setSaved(null);
    setError(null);
    setOpen(true);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const view = await apiPost<SavedView>("/api/saved-views", {
        report,
        query,
        name: String(form.get("name") ?? ""),
        visibility: form.get("visibility") === "team" ? "team" : "private",
        pinned: form.get("pinned") === "on",
      });
      setSaved(view);
      await queryClient.invalidateQueries({ queryKey: queryKeys.savedViews() });
    } catch (e) {
      setError(errorWords(e, "The view could not be saved."));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={open} className="print:hidden">
        Save view
      </Button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} title={`Save this ${title} view`}>
        {saved ? (
          <div className="mt-4 space-y-3 text-sm">
            <p role="status">
              Saved “{saved.name}” ({saved.visibility === "team" ? "for the team" : "private"}
              {saved.pinned ? ", pinned in the navigation" : ""}): {saved.scope}.
            </p>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Done
            </Button>
          </div>
        ) : (
          <div className="mt-4 space-y-6">
            <form className="space-y-3" onSubmit={(e) => void submit(e)}>
              <div>
                <label htmlFor={`${id}-name`} className={labelClass}>
                  Name
                </label>
                <input id={`${id}-name`} data-autofocus name="name" required maxLength={SAVED_VIEW_NAME_MAX} defaultValue={title} className={fieldClass} />
              </div>
              <fieldset>
                <legend className={labelClass}>Who sees it</legend>
                <label className="mr-4 text-sm">
                  <input type="radio" name="visibility" value="private" defaultChecked /> Only me
                </label>
                <label className="text-sm">
                  <input type="radio" name="visibility" value="team" /> The team
                </label>
              </fieldset>
              <label className="block text-sm">
                <input type="checkbox" name="pinned" defaultChecked /> Pin in the navigation
              </label>
              <FormFooter error={error} pending={pending} submitText="Save view" pendingText="Saving…" onCancel={() => setOpen(false)} />
            </form>
            <UpdateToCurrent report={report} query={query} />
          </div>
        )}
      </Dialog>
    </>
  );
}
