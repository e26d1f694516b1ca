"use client";

/**
 * The annotations a chart shows, listed under it, numbered as its markers are: day, note, what it is tied to; in the
 * app, edit and delete for each and a form to add one. Printed (the PDF carries the list); the controls are not.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDelete } from "@/components/ui/confirm-delete";
import { apiDelete, errorWords } from "@/lib/api-client";
import { annotationScopeWords, type Annotation } from "@/lib/annotations/types";
import { queryKeys } from "@/lib/query-keys";
import { AnnotationForm } from "./annotation-form";
import type { ChartAnnotations } from "./use-chart-annotations";

function Item({ n, a, editable }: { n: number; a: Annotation; editable: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiDelete(`/api/annotations/${encodeURIComponent(a.id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.annotations.all() }),
  });
  const tied = annotationScopeWords(a);
  if (editing) return <li className="py-1"><AnnotationForm editing={a} defaultDay={a.day} onDone={() => setEditing(false)} /></li>;
  return (
    <li className="flex flex-wrap items-center gap-x-2 py-0.5" data-annotation={a.id}>
      <span className="font-medium tabular-nums">{n}.</span>
      <time dateTime={a.day} className="tabular-nums text-slate-600 dark:text-slate-400">{a.day}</time>
      <span className="break-words">{a.text}</span>
      {tied ? <span className="text-slate-600 dark:text-slate-400">({tied})</span> : null}
      {editable ? (
        <span className="flex items-center gap-1 print:hidden">
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit the annotation of ${a.day}`}>
            Edit
          </Button>
          <ConfirmDelete question={`Delete the note of ${a.day}?`} pending={remove.isPending} onConfirm={() => remove.mutate()} />
          {remove.isError ? <span role="alert" className="text-red-700 dark:text-red-300">{errorWords(remove.error, "It could not be deleted.")}</span> : null}
        </span>
      ) : null}
    </li>
  );
}

export function AnnotationList({ shown, chart }: { shown: readonly Annotation[]; chart: ChartAnnotations }) {
  const { editable, error, params } = chart;
  if (!editable && shown.length === 0 && !error) return null;
  return (
    <div className="text-xs text-slate-700 dark:text-slate-300" data-annotations="">
      {shown.length > 0 ? (
        <>
          <p className="font-medium">Annotations</p>
          <ol className="list-none">
            {shown.map((a, i) => (
              <Item key={a.id} n={i + 1} a={a} editable={editable} />
            ))}
          </ol>
        </>
      ) : null}
      {error ? <p role="alert" className="text-red-700 dark:text-red-300">{errorWords(error, "The annotations could not be read.")}</p> : null}
      {editable ? (
        <>
          <details className="mt-1 print:hidden">
            <summary className="cursor-pointer">Add an annotation</summary>
            <div className="mt-2">
              <AnnotationForm defaultDay={params.to ?? ""} defaultSub={params.sub} defaultCode={params.code} />
            </div>
          </details>
          <Link href="/change-log#annotations" className="mt-1 inline-block underline print:hidden">
            Change log
          </Link>
        </>
      ) : null}
    </div>
  );
}
