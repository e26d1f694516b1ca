"use client";

/**
 * Tag (or untag) the directory's invitees at once: the rows this page shows, or every invitee the view matches (its
 * search, filters and team filters, on the server: POST /api/invitee-tags/bulk with the view's query). Says how many
 * changed; the chips, the tag counts and a tag-filtered list are read again.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useSearchParams } from "next/navigation";
import { useId, useState } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { Button } from "@/components/ui/button";
import { apiPost, errorWords } from "@/lib/api-client";
import { countOf } from "@/lib/format/plural";
import { BULK_UIDS_MAX, TAG_NAME_MAX_CHARS, type BulkTagsAnswer } from "@/lib/invitee-work/types";
import { queryKeys } from "@/lib/query-keys";
import { useTagVocabulary } from "@/components/invitee-work/use-tag-vocabulary";

type Which = "shown" | "matching";
interface Change {
  which: Which;
  action: "add" | "remove";
  name: string;
}

/** The view's query as the server reads it: paging is not part of "every invitee it matches". */
function viewQuery(params: URLSearchParams): string {
  const view = new URLSearchParams(params.toString());
  for (const key of ["page", "pageSize", "sort", "dir"]) view.delete(key);
  return view.toString();
}

export function BulkTag({ shownUids, total }: { shownUids: readonly string[]; total: number }) {
  const id = useId();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  const vocabulary = useTagVocabulary();
  const [name, setName] = useState("");
  const [which, setWhich] = useState<Which>(shownUids.length < total ? "shown" : "matching");
  const change = useMutation({
    mutationFn: ({ which: w, action, name: n }: Change) =>
      apiPost<BulkTagsAnswer>("/api/invitee-tags/bulk", { ...(w === "shown" ? { uids: [...shownUids] } : { directory: viewQuery(params) }), [action]: [n] }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.inviteeWork.all() }), queryClient.invalidateQueries({ queryKey: queryKeys.reports.all() })]),
  });
  const trimmed = name.trim();
  const tooMany = which === "matching" && total > BULK_UIDS_MAX;
  const disabled = trimmed === "" || change.isPending || tooMany || total === 0;
  const run = (action: Change["action"]) => change.mutate({ which, action, name: trimmed });
  const done = change.data && change.variables;
  return (
    <form
      aria-label="Bulk tagging"
      className="flex flex-wrap items-end gap-3 px-4 pt-3 print:hidden"
      onSubmit={(event) => {
        event.preventDefault();
        run("add");
      }}
    >
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          Tag these invitees
        </label>
        <input id={`${id}-name`} list={`${id}-names`} value={name} maxLength={TAG_NAME_MAX_CHARS} onChange={(e) => setName(e.target.value)} className={fieldClass} placeholder="tag name" />
        <datalist id={`${id}-names`}>
          {(vocabulary.data?.tags ?? []).map((t) => (
            <option key={t.id} value={t.name} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor={`${id}-which`} className={labelClass}>
          Which
        </label>
        <select id={`${id}-which`} value={which} onChange={(e) => setWhich(e.currentTarget.value as Which)} className={fieldClass}>
          <option value="shown">The {countOf(shownUids.length, "invitee")} on this page</option>
          <option value="matching">All {countOf(total, "invitee")} matching</option>
        </select>
      </div>
      <Button type="submit" disabled={disabled}>
        Add tag
      </Button>
      <Button variant="ghost" disabled={disabled} onClick={() => run("remove")}>
        Remove tag
      </Button>
      <Link href="/invitees/tags" className="pb-2 text-sm font-medium text-brand-700 underline dark:text-brand-300">
        Manage tags
      </Link>
      <p role="status" className="basis-full text-xs text-slate-700 dark:text-slate-300">
        {tooMany
          ? `A change reaches at most ${BULK_UIDS_MAX.toLocaleString("en-US")} invitees: narrow the list first.`
          : done
            ? `${done.action === "add" ? "Tagged" : "Untagged"} “${done.name}”: ${countOf(change.data.invitees, "invitee")} changed (${done.action === "add" ? change.data.added : change.data.removed} ${done.action === "add" ? "added" : "removed"}; the others already ${done.action === "add" ? "had it" : "lacked it"}).`
            : ""}
      </p>
      {change.isError ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {errorWords(change.error, "The tags could not be changed.")}
        </p>
      ) : null}
    </form>
  );
}
