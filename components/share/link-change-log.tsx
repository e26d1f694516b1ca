"use client";

import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet, ApiClientError } from "@/lib/api-client";
import { formatUtcMinute } from "@/lib/format/time";
import { queryKeys } from "@/lib/query-keys";
import type { ChangeEntry } from "@/lib/share/edit-plan";

interface ChangeItem {
  at: number;
  byEmail: string;
  changes: ChangeEntry[];
}

const STATE_WORDS: Record<string, string> = { active: "active", paused: "paused", expired: "expired", revoked: "revoked" };

/** One change in words: "Label “Q3” → “Q3 for Bob”", "Password set → changed". */
export function changeWords(entry: ChangeEntry): string {
  switch (entry.field) {
    case "label":
      return `Label “${entry.from}” → “${entry.to}”`;
    case "expiry":
      return `Expiry ${entry.from} → ${entry.to}`;
    case "password":
      return `Password ${entry.from} → ${entry.to}`;
    case "state":
      return `State ${STATE_WORDS[entry.from] ?? entry.from} → ${STATE_WORDS[entry.to] ?? entry.to}`;
    case "uids":
      return `Invitee uids ${entry.from} → ${entry.to}`;
    case "amounts":
      return `Figures as ${entry.from} → ${entry.to}`;
    case "embedding":
      return `Embeddable on ${entry.from} → ${entry.to}${originDifference(entry.from, entry.to)}`;
    case "annotations":
      return `Annotation “${entry.from}” → ${entry.to}`;
  }
}

/**
 * " (added a; removed b)": which origins an edit of a longer list added and took away, when some stayed (the
 * arrow alone says a whole list replaced). The log keeps each list joined by ", ", which no origin holds.
 */
function originDifference(from: string, to: string): string {
  const list = (words: string) => (words === "none" ? [] : words.split(", "));
  const before = list(from);
  const after = list(to);
  const added = after.filter((origin) => !before.includes(origin));
  const removed = before.filter((origin) => !after.includes(origin));
  if (added.length === after.length && removed.length === before.length) return "";
  const parts = [added.length ? `added ${added.join(", ")}` : "", removed.length ? `removed ${removed.join(", ")}` : ""].filter(Boolean);
  return parts.length ? ` (${parts.join("; ")})` : "";
}

/** A link's change log (GET /api/share/<id>/changes), newest first: who changed what, and when. */
export function LinkChangeLog({ linkId, headingId }: { linkId: string; headingId: string }) {
  const log = useQuery({
    queryKey: [...queryKeys.shareLinks(), linkId, "changes"],
    queryFn: ({ signal }) => apiGet<{ changes: ChangeItem[] }>(`/api/share/${encodeURIComponent(linkId)}/changes`, undefined, { signal }),
  });
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Changes
      </h3>
      {log.isPending ? <Skeleton className="h-12 w-full" /> : null}
      {log.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The changes could not be read{log.error instanceof ApiClientError ? `: ${log.error.words}` : "."}
        </p>
      ) : null}
      {log.data && log.data.changes.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No changes since the link was made.</p> : null}
      {log.data && log.data.changes.length > 0 ? (
        <ol className="max-h-48 space-y-2 overflow-y-auto text-sm" aria-label="Changes, newest first">
          {log.data.changes.map((item) => (
            <li key={`${item.at}-${item.byEmail}-${item.changes.map((c) => c.field).join()}`} className="rounded-md border border-slate-200 p-2 dark:border-slate-800">
              <div className="text-xs text-slate-600 dark:text-slate-400">
                {formatUtcMinute(item.at)} (UTC) · <span className="break-all">{item.byEmail}</span>
              </div>
              <ul>
                {/* An edit of the notes a link shows logs one entry per note: several of one field. */}
                {item.changes.map((change, index) => (
                  <li key={`${change.field}-${index}`} className="break-words">
                    {changeWords(change)}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
