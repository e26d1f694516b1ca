"use client";

import { Link } from "@/components/ui/link";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { BookmarkIcon } from "@/components/ui/icons";
import { useSavedViews } from "./use-saved-views";

/**
 * The navigation's "Saved views" group: the pinned views the person sees (their own private ones and the team's),
 * each a link to its report page with its query. Nothing while there are none (or for a viewer).
 */
export function SavedViewsNavGroup({ idPrefix, onNavigate }: { idPrefix: string; onNavigate?: (() => void) | undefined }) {
  const pinned = (useSavedViews().data?.views ?? []).filter((v) => v.pinned);
  if (pinned.length === 0) return null;
  const headingId = `${idPrefix}-saved-views`;
  return (
    <div>
      <h2 id={headingId} className="px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
        Saved views
      </h2>
      <ul aria-labelledby={headingId} className="mt-2 flex flex-col gap-0.5">
        {pinned.map((view) => (
          <li key={view.id}>
            <Link
              href={view.href}
              onClick={onNavigate}
              title={`${view.reportTitle}: ${view.scope}`}
              className={cn(
                "group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800/70 dark:hover:text-white",
                focusRing,
              )}
            >
              <BookmarkIcon className="size-[1.125rem] shrink-0 text-slate-500 group-hover:text-slate-700 dark:text-slate-400 dark:group-hover:text-slate-200" />
              <span className="min-w-0 truncate">{view.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
