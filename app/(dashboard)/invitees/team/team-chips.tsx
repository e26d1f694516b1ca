"use client";

/**
 * Beside a directory row's uid: the team's tags as chips and the follow-up in words (the app only). At most two chips,
 * then "+N" naming the rest on hover, so a tagged row does not widen the uid column past the table's fit.
 */
import { TagChip } from "@/components/invitee-work/tag-chip";
import { useAppNow } from "@/components/providers/app-clock";
import { followUpWords } from "@/lib/invitee-work/labels";
import type { TeamWork } from "./use-team-work";

const SHOWN = 2;

export function TeamChips({ work }: { work: TeamWork | undefined }) {
  const now = useAppNow();
  if (!work || (work.tags.length === 0 && !work.followUp)) return null;
  // Due before today (UTC, as the due filter judges it): said, not only coloured.
  const overdue = work.followUp?.dueOn != null && work.followUp.dueOn < now().toISOString().slice(0, 10);
  const rest = work.tags.slice(SHOWN);
  return (
    <span className="mt-1 flex max-w-40 flex-wrap gap-1 font-sans whitespace-normal">
      {work.tags.slice(0, SHOWN).map((tag) => (
        <TagChip key={tag.id} name={tag.name} color={tag.color} />
      ))}
      {rest.length > 0 ? (
        <span className="text-xs text-slate-700 dark:text-slate-300" title={rest.map((t) => t.name).join(", ")}>
          +{rest.length}
          <span className="sr-only"> more: {rest.map((t) => t.name).join(", ")}</span>
        </span>
      ) : null}
      {work.followUp ? (
        <span className={`basis-full text-xs ${overdue ? "font-medium text-amber-800 dark:text-amber-200" : "text-slate-700 dark:text-slate-300"}`}>
          {followUpWords(work.followUp)}
          {overdue ? " (overdue)" : ""}
        </span>
      ) : null}
    </span>
  );
}
