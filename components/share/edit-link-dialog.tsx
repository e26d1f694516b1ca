"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { ShareLinkListItem } from "@/lib/share/manage";
import { EditLinkForm } from "./edit-link-form";
import { LinkChangeLog } from "./link-change-log";

/**
 * A link's details from the Reports list: what it is (the sentence every
 * screen uses), the edit form (not for revoked links) and its change log.
 */
export function EditLinkDialog({ link }: { link: ShareLinkListItem }) {
  const id = useId();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  // A new form (its defaults read from the link as it now is) each time the dialog opens or saves.
  const [formKey, setFormKey] = useState(0);
  const editable = link.state !== "revoked";
  const name = `"${link.label}"`;

  const show = () => {
    setSaved(null);
    setFormKey((k) => k + 1);
    setOpen(true);
  };

  const onSaved = (summary: string) => {
    setSaved(summary);
    setFormKey((k) => k + 1);
    void client.invalidateQueries({ queryKey: queryKeys.shareLinks() });
  };

  return (
    <>
      <Button size="sm" variant="ghost" aria-label={`${editable ? "Edit" : "History of"} link ${name}`} onClick={show}>
        {editable ? "Edit" : "History"}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`${editable ? "Edit" : "History of"} ${name}`} size="lg">
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Made by <span className="break-all">{link.createdByEmail}</span> on {formatUtcMinute(link.createdAt)} (UTC)
        </p>
        <div className="mt-4 space-y-4">
          {saved ? (
            <p role="status" className="rounded-md bg-emerald-50 p-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" data-testid="share-link-summary">
              Saved. {saved}
            </p>
          ) : (
            <p className="text-sm" data-testid="share-link-summary">
              {link.summary}
            </p>
          )}
          {editable ? <EditLinkForm key={`${formKey}:${link.label}:${link.summary}:${link.annotationIds.join()}`} link={link} onSaved={onSaved} /> : null}
          <LinkChangeLog linkId={link.id} headingId={`${id}-changes`} />
        </div>
      </Dialog>
    </>
  );
}
