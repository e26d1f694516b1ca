"use client";

/** One tag of the vocabulary: its chip and count, its colour, a new name, a merge into another tag, and deletion. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useId, useState } from "react";
import { Field, inputClass } from "@/components/ui/field";
import { TagColorField } from "@/components/invitee-work/tag-color-field";
import { TagChip } from "@/components/invitee-work/tag-chip";
import { Button } from "@/components/ui/button";
import { ConfirmDelete } from "@/components/ui/confirm-delete";
import { apiDelete, apiPatch, apiPost, errorWords } from "@/lib/api-client";
import { countOf } from "@/lib/format/plural";
import { TAG_NAME_MAX_CHARS, type TagColor, type TagWithCount } from "@/lib/invitee-work/types";
import { queryKeys } from "@/lib/query-keys";

type Change = { kind: "update"; name?: string; color?: TagColor } | { kind: "merge"; into: string } | { kind: "delete" };

export function TagRow({ tag, others }: { tag: TagWithCount; others: readonly TagWithCount[] }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(tag.name);
  const [into, setInto] = useState("");
  const path = `/api/invitee-tags/${encodeURIComponent(tag.id)}`;
  const change = useMutation({
    mutationFn: (c: Change) =>
      c.kind === "update"
        ? apiPatch(path, { ...(c.name !== undefined ? { name: c.name } : {}), ...(c.color !== undefined ? { color: c.color } : {}) })
        : c.kind === "merge"
          ? apiPost(`${path}/merge`, { into: c.into })
          : apiDelete(path),
    // Chips, counts and filters everywhere read the vocabulary: all of the team's records are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inviteeWork.all() }),
  });
  const renamed = name.trim() !== "" && name.trim() !== tag.name;
  return (
    <li aria-label={`Tag ${tag.name}`} className="flex flex-wrap items-end gap-3 py-3">
      <div className="min-w-40">
        <TagChip name={tag.name} color={tag.color} />
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          <Link href={`/invitees?tag=${encodeURIComponent(tag.name)}`} className="underline">
            {countOf(tag.invitees, "invitee")}
          </Link>
        </p>
      </div>
      <TagColorField id={`${id}-color`} value={tag.color} disabled={change.isPending} onChange={(color) => change.mutate({ kind: "update", color })} />
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (renamed) change.mutate({ kind: "update", name: name.trim() });
        }}
      >
        <Field label="Name" htmlFor={`${id}-name`}>
          <input id={`${id}-name`} className={inputClass} value={name} maxLength={TAG_NAME_MAX_CHARS} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Button type="submit" size="sm" disabled={!renamed || change.isPending}>
          Rename
        </Button>
      </form>
      {others.length > 0 ? (
        <div className="flex items-end gap-2">
          <Field label="Merge into" htmlFor={`${id}-into`}>
            <select id={`${id}-into`} className={inputClass} value={into} onChange={(e) => setInto(e.currentTarget.value)}>
              <option value="">Choose a tag</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </Field>
          <Button size="sm" disabled={into === "" || change.isPending} onClick={() => change.mutate({ kind: "merge", into })}>
            Merge
          </Button>
        </div>
      ) : null}
      <ConfirmDelete question={`Remove “${tag.name}” from ${countOf(tag.invitees, "invitee")}?`} pending={change.isPending} onConfirm={() => change.mutate({ kind: "delete" })} />
      {change.isError ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {errorWords(change.error, "The tag could not be changed.")}
        </p>
      ) : null}
    </li>
  );
}
