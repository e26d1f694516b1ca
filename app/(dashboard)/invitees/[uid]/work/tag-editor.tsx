"use client";

/**
 * One invitee's tags: chips that can be removed, and a field that adds a tag of the connection's vocabulary (offered
 * as suggestions) or a new one (created by the server, slate until someone recolours it). The whole list is written at
 * once (PUT), so two quick changes cannot interleave into a list neither person chose.
 */
import { useId, useState } from "react";
import { TagChip } from "@/components/invitee-work/tag-chip";
import { useTagVocabulary } from "@/components/invitee-work/use-tag-vocabulary";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiPut, errorWords } from "@/lib/api-client";
import { TAGS_PER_INVITEE_MAX, TAG_NAME_MAX_CHARS, type Tag, type TagsAnswer } from "@/lib/invitee-work/types";
import { useWorkWrite, workPath } from "./use-work";

export function TagEditor({ uid, tags }: { uid: string; tags: Tag[] }) {
  const id = useId();
  const [name, setName] = useState("");
  const vocabulary = useTagVocabulary();
  const write = useWorkWrite(uid, (names: string[]) => apiPut<TagsAnswer>(workPath(uid, "tags"), { tags: names }));
  const names = tags.map((t) => t.name);
  const has = (candidate: string) => names.some((n) => n.toLowerCase() === candidate.toLowerCase());
  const trimmed = name.trim();
  const add = () => {
    if (trimmed === "" || has(trimmed)) return;
    write.mutate([...names, trimmed], { onSuccess: () => setName("") });
  };
  const suggestions = (vocabulary.data?.tags ?? []).filter((t) => !has(t.name));
  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap gap-1.5" aria-label="Tags of this invitee">
        {tags.length === 0 ? <li className="text-sm text-slate-600 dark:text-slate-400">No tags.</li> : null}
        {tags.map((tag) => (
          <li key={tag.id}>
            <TagChip name={tag.name} color={tag.color} disabled={write.isPending} onRemove={() => write.mutate(names.filter((n) => n !== tag.name))} />
          </li>
        ))}
      </ul>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <Field label="Add a tag" htmlFor={`${id}-tag`}>
          <input
            id={`${id}-tag`}
            list={`${id}-vocabulary`}
            className={inputClass}
            maxLength={TAG_NAME_MAX_CHARS}
            value={name}
            placeholder="e.g. reactivation-nov"
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <datalist id={`${id}-vocabulary`}>
          {suggestions.map((t) => (
            <option key={t.id} value={t.name} />
          ))}
        </datalist>
        <Button type="submit" disabled={trimmed === "" || has(trimmed) || tags.length >= TAGS_PER_INVITEE_MAX || write.isPending}>
          Add tag
        </Button>
      </form>
      {tags.length >= TAGS_PER_INVITEE_MAX ? <p className="text-xs text-slate-600 dark:text-slate-400">An invitee carries at most {TAGS_PER_INVITEE_MAX} tags.</p> : null}
      {write.isError ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {errorWords(write.error, "The tags could not be saved.")}
        </p>
      ) : null}
    </div>
  );
}
