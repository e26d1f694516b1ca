"use client";

/**
 * The tags and follow-ups of the invitees a directory page shows, read in one request beside the report (never in it:
 * the report's answer is what share links carry). Off on a share link, where the team's records are never shown.
 */
import { useQuery } from "@tanstack/react-query";
import { useReportSource } from "@/components/reports/report-context";
import { apiGet } from "@/lib/api-client";
import type { FollowUp, Tag } from "@/lib/invitee-work/types";
import { queryKeys } from "@/lib/query-keys";

export interface TeamWork {
  tags: Tag[];
  followUp: FollowUp | null;
}

export function useTeamWork(uids: readonly string[]): ReadonlyMap<string, TeamWork> | null {
  const shared = useReportSource().shared;
  const list = uids.join(",");
  const work = useQuery({
    queryKey: [...queryKeys.inviteeWork.all(), "of", list] as const,
    queryFn: () => apiGet<{ invitees: Record<string, TeamWork> }>("/api/invitee-work", { uids: list }),
    enabled: !shared && uids.length > 0,
    // The page's rows change with every filter: keep the last chips while the next page's load (no flash of none).
    placeholderData: (previous) => previous,
  });
  if (shared || !work.data) return null;
  return new Map(Object.entries(work.data.invitees));
}
