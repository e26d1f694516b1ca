"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { apiGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * A report's data for the page's URL: the same search parameters go to the
 * report's API route; while new filters load, the previous figures stay on
 * screen (dimmed by the caller through `isPlaceholderData`).
 */
export function useReport<T>(name: string) {
  const query = useSearchParams().toString();
  return useQuery({
    queryKey: queryKeys.reports.family(name, { query }),
    queryFn: ({ signal }) => apiGet<T>(`/api/reports/${name}${query ? `?${query}` : ""}`, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}
