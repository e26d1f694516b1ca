"use client";

/** The connection's targets and tier thresholds: the Overview's progress and the targets page read them. */
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Target } from "@/lib/targets/types";

export function useTargets(enabled = true) {
  return useQuery({ queryKey: queryKeys.targets(), queryFn: ({ signal }) => apiGet<{ targets: Target[] }>("/api/targets", undefined, { signal }), enabled });
}
