"use client";

import { useId, useState, type FormEvent } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormFooter } from "@/components/ui/form-footer";
import { errorWords } from "@/lib/api-client";
import { SAVED_VIEW_NAME_MAX, type SavedView } from "@/lib/saved-views/types";
import { useChangeView } from "./use-saved-views";

/** Rename a saved view; its owner also chooses here who sees it. */
export function RenameViewDialog({ view }: { view: SavedView }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const change = useChangeView(view.id);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const visibility = form.get("visibility");
    change.mutate(
      { name: String(form.get("name") ?? ""), ...(view.mine && (visibility === "team" || visibility === "private") ? { visibility } : {}) },
      { onSuccess: () => setOpen(false) },
    );
  };
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Rename
      </Button>
      <Dialog open={isOpen} onClose={() => setOpen(false)} title={`Rename “${view.name}”`}>
        <form className="mt-4 space-y-3" onSubmit={submit}>
          <div>
            <label htmlFor={`${id}-name`} className={labelClass}>
              Name
            </label>
            <input id={`${id}-name`} data-autofocus name="name" required maxLength={SAVED_VIEW_NAME_MAX} defaultValue={view.name} className={fieldClass} />
          </div>
          {view.mine ? (
            <fieldset>
              <legend className={labelClass}>Who sees it</legend>
              <label className="mr-4 text-sm">
                <input type="radio" name="visibility" value="private" defaultChecked={view.visibility === "private"} /> Only me
              </label>
              <label className="text-sm">
                <input type="radio" name="visibility" value="team" defaultChecked={view.visibility === "team"} /> The team
              </label>
            </fieldset>
          ) : null}
          <FormFooter
            error={change.isError ? errorWords(change.error, "The view could not be renamed.") : null}
            pending={change.isPending}
            submitText="Save"
            pendingText="Saving…"
            onCancel={() => setOpen(false)}
          />
        </form>
      </Dialog>
    </>
  );
}
