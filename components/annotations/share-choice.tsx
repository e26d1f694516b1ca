"use client";

/**
 * A share link's choice of annotations: the view's notes (its days and scope), each a box to tick — none in the share
 * dialog (a link shows only the notes its creator chose), the link's current choice (`chosen`) in its edit form. The
 * form sends the ticked ids as `annotationIds`.
 */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useAppNow } from "@/components/providers/app-clock";
import { apiGet, errorWords } from "@/lib/api-client";
import { annotationScopeWords, type Annotation } from "@/lib/annotations/types";
import { annotationParams } from "@/lib/annotations/view-params";
import { queryKeys } from "@/lib/query-keys";

export function ShareAnnotationsChoice({ report, query, labelClass, chosen = [] }: { report: string; query: string; labelClass: string; chosen?: readonly string[] }) {
  const appNow = useAppNow();
  const params = useMemo(() => annotationParams(report, query, appNow()), [report, query, appNow]);
  const list = useQuery({
    queryKey: queryKeys.annotations.list(params),
    queryFn: ({ signal }) => apiGet<{ annotations: Annotation[] }>("/api/annotations", params, { signal }),
  });
  const notes = list.data?.annotations ?? [];
  if (list.isError) return <p role="alert" className="text-xs text-red-700 dark:text-red-300">{errorWords(list.error, "The annotations could not be read.")}</p>;
  if (notes.length === 0) return null;
  return (
    <fieldset>
      <legend className={labelClass}>Annotations to show (none unless ticked)</legend>
      {notes.map((a) => {
        const tied = annotationScopeWords(a);
        return (
          <label key={a.id} className="block text-sm">
            <input type="checkbox" name="annotationIds" value={a.id} defaultChecked={chosen.includes(a.id)} /> {a.day} {a.text}
            {tied ? ` (${tied})` : ""}
          </label>
        );
      })}
    </fieldset>
  );
}
