"use client";

/**
 * "Save view": this page's view (report and URL query) under a name, private
 * or for the team, pinned in the navigation or not. The same dialog updates a
 * view of this report already saved to what the page shows now ("Update to
 * current"), which only a report page can do: only it has a current view.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
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
  const save = useMutation({
    mutationFn: (form: FormData) =>
      apiPost<SavedView>("/api/saved-views", {
        report,
        query,
        name: String(form.get("name") ?? ""),
        visibility: form.get("visibility") === "team" ? "team" : "private",
        pinned: form.get("pinned") === "on",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedViews() }),
  });

  const open = () => {
    save.reset();
    setOpen(true);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  };
  const saved = save.data ?? null;

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
            <form className="space-y-3" onSubmit={submit}>
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
              <FormFooter error={save.isError ? errorWords(save.error, "The view could not be saved.") : null} pending={save.isPending} submitText="Save view" pendingText="Saving…" onCancel={() => setOpen(false)} />
            </form>
            <UpdateToCurrent report={report} query={query} />
          </div>
        )}
      </Dialog>
    </>
  );
}
