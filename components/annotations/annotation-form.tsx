"use client";

/**
 * The form that adds an annotation (day, note, optionally an invite code or a sub-affiliate) or edits one: the same
 * fields either way. A refusal is said in the server's words under it (errorWords).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { apiPatch, apiPost, errorWords } from "@/lib/api-client";
import { ANNOTATION_TEXT_MAX, type Annotation } from "@/lib/annotations/types";
import { queryKeys } from "@/lib/query-keys";

export function AnnotationForm({
  editing,
  defaultDay,
  defaultSub,
  defaultCode,
  onDone,
}: {
  editing?: Annotation;
  defaultDay: string;
  defaultSub?: string;
  /** An invite code's page ties a new note to its code unless the user clears it. */
  defaultCode?: string;
  onDone?: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(editing?.day ?? defaultDay);
  const [text, setText] = useState(editing?.text ?? "");
  const [code, setCode] = useState(editing?.inviteCode ?? defaultCode ?? "");
  const [sub, setSub] = useState(editing?.subAffiliateUid ?? defaultSub ?? "");
  const save = useMutation({
    mutationFn: () => {
      // Empty code or sub-affiliate: tied to neither (the whole connection).
      const body = { day: day.trim(), text: text.trim(), code: code.trim(), subAffiliate: sub.trim() };
      return editing ? apiPatch(`/api/annotations/${encodeURIComponent(editing.id)}`, body) : apiPost("/api/annotations", body);
    },
    onSuccess: async () => {
      if (!editing) setText("");
      await queryClient.invalidateQueries({ queryKey: queryKeys.annotations.all() });
      onDone?.();
    },
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={editing ? "Edit the annotation" : "Add an annotation"}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Field label="Day (UTC)" htmlFor={`${id}-day`}>
        <input id={`${id}-day`} type="date" className={`${inputClass} w-40`} value={day} onChange={(e) => setDay(e.target.value)} required />
      </Field>
      <Field label="Note" htmlFor={`${id}-text`}>
        <input id={`${id}-text`} className={`${inputClass} w-72`} value={text} maxLength={ANNOTATION_TEXT_MAX} onChange={(e) => setText(e.target.value)} placeholder="e.g. Campaign launched" required />
      </Field>
      <Field label="Invite code (optional)" htmlFor={`${id}-code`}>
        <input id={`${id}-code`} className={`${inputClass} w-32`} value={code} maxLength={32} onChange={(e) => setCode(e.target.value)} />
      </Field>
      <Field label="Sub-affiliate uid (optional)" htmlFor={`${id}-sub`}>
        <input id={`${id}-sub`} className={`${inputClass} w-36`} inputMode="numeric" value={sub} maxLength={20} onChange={(e) => setSub(e.target.value)} />
      </Field>
      <Button type="submit" size="sm" variant="primary" disabled={text.trim() === "" || save.isPending}>
        {editing ? "Save" : "Add annotation"}
      </Button>
      {onDone ? (
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      ) : null}
      {save.isError ? (
        <p role="alert" className="basis-full text-xs text-red-700 dark:text-red-300">
          {errorWords(save.error, editing ? "The annotation could not be saved." : "The annotation could not be added.")}
        </p>
      ) : null}
    </form>
  );
}
