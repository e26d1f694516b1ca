"use client";

/** The connection's tags, by name, each with its row of changes; a new tag with its colour. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Field, inputClass } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { Panel } from "@/components/ui/panel";
import { Skeleton } from "@/components/ui/skeleton";
import { apiPost, errorWords } from "@/lib/api-client";
import { TAG_NAME_MAX_CHARS, type TagColor } from "@/lib/invitee-work/types";
import { queryKeys } from "@/lib/query-keys";
import { TagColorField } from "@/components/invitee-work/tag-color-field";
import { useTagVocabulary } from "@/components/invitee-work/use-tag-vocabulary";
import { TagRow } from "./tag-row";

function NewTag() {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [color, setColor] = useState<TagColor>("blue");
  const create = useMutation({
    mutationFn: () => apiPost("/api/invitee-tags", { name: name.trim(), color }),
    onSuccess: () => {
      setName("");
      return queryClient.invalidateQueries({ queryKey: queryKeys.inviteeWork.all() });
    },
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3 px-4 py-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim() !== "") create.mutate();
      }}
    >
      <Field label="New tag" htmlFor={`${id}-name`}>
        <input id={`${id}-name`} className={inputClass} value={name} maxLength={TAG_NAME_MAX_CHARS} onChange={(e) => setName(e.target.value)} placeholder="e.g. telegram-group" />
      </Field>
      <TagColorField id={`${id}-color`} value={color} onChange={setColor} />
      <Button type="submit" variant="primary" disabled={name.trim() === "" || create.isPending}>
        Add tag
      </Button>
      {create.isError ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {errorWords(create.error, "The tag could not be added.")}
        </p>
      ) : null}
    </form>
  );
}

export function TagVocabulary() {
  const vocabulary = useTagVocabulary();
  return (
    <Panel title="Tags" meta={vocabulary.data ? `${vocabulary.data.tags.length} on this connection` : undefined}>
      <NewTag />
      {vocabulary.isPending ? (
        <Skeleton className="m-4 h-24" />
      ) : vocabulary.isError ? (
        <div className="p-4">
          <ErrorPanel error={vocabulary.error} title="The tags could not be read" onRetry={() => void vocabulary.refetch()} />
        </div>
      ) : vocabulary.data.tags.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-slate-600 dark:text-slate-400">No tags yet: add one here, on an invitee&apos;s page, or to a list in the directory.</p>
      ) : (
        <ul aria-label="Tags of this connection" className="divide-y divide-slate-200 px-4 dark:divide-slate-800">
          {vocabulary.data.tags.map((tag) => (
            <TagRow key={`${tag.id}:${tag.name}`} tag={tag} others={vocabulary.data.tags.filter((t) => t.id !== tag.id)} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
