"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiDelete, apiGet, apiPatch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { SavedView, SavedViewsAnswer, Visibility } from "@/lib/saved-views/types";

/** The saved views the signed-in person sees (none to a viewer): one query for the navigation and the lists. */
export function useSavedViews() {
  return useQuery({
    queryKey: queryKeys.savedViews(),
    queryFn: ({ signal }) => apiGet<SavedViewsAnswer>("/api/saved-views", undefined, { signal }),
    retry: false,
  });
}

export type ViewChange = { name?: string; query?: string; visibility?: Visibility; pinned?: boolean } | "delete";

/** Changes one view; every list of views (the navigation's too) is read again after. */
export function useChangeView(id: string) {
  const queryClient = useQueryClient();
  const path = `/api/saved-views/${encodeURIComponent(id)}`;
  return useMutation({
    mutationFn: async (change: ViewChange): Promise<SavedView | null> => (change === "delete" ? apiDelete(path).then(() => null) : apiPatch<SavedView>(path, change)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.savedViews() }),
  });
}
