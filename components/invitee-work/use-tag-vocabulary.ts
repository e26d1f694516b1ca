"use client";

/** The connection's tag vocabulary with each tag's count: the tag editor's suggestions, the directory's filter and bulk form, the tags page. */
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-client";
import type { VocabularyAnswer } from "@/lib/invitee-work/types";
import { queryKeys } from "@/lib/query-keys";

export function useTagVocabulary() {
  return useQuery({ queryKey: queryKeys.inviteeWork.tags(), queryFn: () => apiGet<VocabularyAnswer>("/api/invitee-tags") });
}
