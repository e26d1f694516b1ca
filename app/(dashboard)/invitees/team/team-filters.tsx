"use client";

/**
 * The directory's filters on the team's own records: a tag of the connection's vocabulary, and a follow-up state (or
 * none, or due today or before), and an order by them; and on the quality flags (lib/invitee-flags). Said beside them:
 * a share link, its PDF or a digest shows the directory without them.
 */
import { Link } from "@/components/ui/link";
import { useId } from "react";
import { fieldClass, labelClass } from "@/components/auth/action-message";
import { useUrlParams } from "@/components/reports/use-url-param";
import { FOLLOW_UP_FILTER_LABELS, FOLLOW_UP_FILTERS, isTeamSort, TEAM_SORT_LABELS, TEAM_SORTS } from "@/lib/invitee-work/types";
import { useTagVocabulary } from "@/components/invitee-work/use-tag-vocabulary";
import { FLAG_FILTER_LABELS, FLAG_FILTERS } from "@/lib/invitee-flags/types";

export function TeamFilters() {
  const id = useId();
  const url = useUrlParams();
  const vocabulary = useTagVocabulary();
  const tag = url.get("tag") ?? "";
  const sort = url.get("sort") ?? "";
  const known = (vocabulary.data?.tags ?? []).some((t) => t.name.toLowerCase() === tag.toLowerCase());
  return (
    <>
      <div className="min-w-36">
        <label htmlFor={`${id}-tag`} className={labelClass}>
          Tag
        </label>
        <select id={`${id}-tag`} value={tag} className={fieldClass} onChange={(e) => url.set({ tag: e.currentTarget.value || undefined, page: undefined })}>
          <option value="">All</option>
          {/* A link naming a tag since renamed or deleted still says which it asks for. */}
          {tag !== "" && !known ? <option value={tag}>{tag}</option> : null}
          {(vocabulary.data?.tags ?? []).map((t) => (
            <option key={t.id} value={t.name}>
              {t.name} ({t.invitees})
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-40">
        <label htmlFor={`${id}-follow-up`} className={labelClass}>
          Follow-up
        </label>
        <select
          id={`${id}-follow-up`}
          value={url.get("followUp") ?? ""}
          className={fieldClass}
          onChange={(e) => url.set({ followUp: e.currentTarget.value || undefined, page: undefined })}
        >
          <option value="">All</option>
          {FOLLOW_UP_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FOLLOW_UP_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-44">
        <label htmlFor={`${id}-order`} className={labelClass}>
          Order by team records
        </label>
        {/* Ascending: tags A → Z, follow-ups to contact first and soonest due first; a column header sorts the table again. */}
        <select
          id={`${id}-order`}
          value={isTeamSort(sort) ? sort : ""}
          className={fieldClass}
          onChange={(e) => {
            const next = e.currentTarget.value;
            url.set(isTeamSort(next) ? { sort: next, dir: "asc", page: undefined } : { sort: undefined, dir: undefined, page: undefined });
          }}
        >
          <option value="">No (the table&apos;s sort)</option>
          {TEAM_SORTS.map((s) => (
            <option key={s} value={s}>
              {TEAM_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-44">
        <label htmlFor={`${id}-flag`} className={labelClass}>
          Quality flag
        </label>
        <select id={`${id}-flag`} value={url.get("flag") ?? ""} className={fieldClass} onChange={(e) => url.set({ flag: e.currentTarget.value || undefined, page: undefined })}>
          <option value="">All</option>
          {FLAG_FILTERS.map((f) => (
            <option key={f} value={f}>
              {FLAG_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** Said while a team filter is on: the people a link or digest reaches see the directory without it. */
export function TeamFilterNote() {
  const url = useUrlParams();
  if (!url.get("tag") && !url.get("followUp") && !url.get("flag") && !isTeamSort(url.get("sort") ?? "")) return null;
  return (
    <p className="px-4 pt-2 text-xs text-slate-600 dark:text-slate-400">
      Tag, follow-up and quality-flag filters and the team orders are your team&apos;s own: a share link, its PDF or a digest of this view shows the
      directory without them.{" "}
      <Link href="/invitees/flags" className="underline">
        Quality-flag rules
      </Link>
    </p>
  );
}
