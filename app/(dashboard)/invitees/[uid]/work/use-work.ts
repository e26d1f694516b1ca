"use client";

/**
 * The invitee page's follow-up panel reads one answer, GET /api/invitees/<uid>/work, and every change writes through
 * its own route and then puts the panel's answer (and the directory's tag vocabulary) out of date, so what is shown is
 * what the server holds, with its audit line.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import type { WorkAnswer } from "@/lib/invitee-work/types";
import { queryKeys } from "@/lib/query-keys";

export const workPath = (uid: string, rest = "work") => `/api/invitees/${encodeURIComponent(uid)}/${rest}`;

export function useInviteeWork(uid: string) {
  return useQuery({ queryKey: queryKeys.inviteeWork.one(uid), queryFn: () => apiGet<WorkAnswer>(workPath(uid)) });
}

/** A write of the panel: on success the invitee's answer and the tag vocabulary are read again. */
export function useWorkWrite<V, R>(uid: string, write: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.inviteeWork.one(uid) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.inviteeWork.tags() }),
    ]),
  });
}
