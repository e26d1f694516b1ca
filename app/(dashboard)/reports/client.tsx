"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId } from "react";
import { LinkCard } from "@/components/share/links/link-card";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorPanel } from "@/components/ui/error-panel";
import { inputClass } from "@/components/ui/field";
import { ReportIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { apiGet } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { countByState, LINK_SORT_TEXT, LINK_SORTS, LINK_STATE_FILTERS, orderLinks, readLinkSort, readLinkStateFilter, type LinkStateFilter } from "@/lib/share/list-order";
import type { ShareLinkListItem } from "@/lib/share/manage";

const FILTER_TEXT: Record<LinkStateFilter, string> = { all: "All", active: "Active", paused: "Paused", expired: "Expired", revoked: "Revoked" };

/** The list's order and state filter live in the URL (`?sort=…&state=…`), so a copied URL reopens the same list. */
function useListChoices() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const set = (key: "sort" | "state", value: string, fallback: string) => {
    const next = new URLSearchParams(search.toString());
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    const query = next.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return {
    sort: readLinkSort(search.get("sort")),
    state: readLinkStateFilter(search.get("state")),
    setSort: (value: string) => set("sort", readLinkSort(value), "created"),
    setState: (value: LinkStateFilter) => set("state", value, "all"),
  };
}

export function ShareLinksView() {
  const id = useId();
  const choices = useListChoices();
  const list = useQuery({ queryKey: queryKeys.shareLinks(), queryFn: ({ signal }) => apiGet<{ links: ShareLinkListItem[] }>("/api/share", undefined, { signal }) });
  if (list.isPending) return <Skeleton className="h-40 w-full" />;
  if (list.isError) return <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />;
  const links = list.data.links;
  if (links.length === 0) {
    return <EmptyState title="No share links yet" description="Open an analytics page, set its filters, and choose Share to make a link to exactly that view." icon={<ReportIcon className="size-6" />} />;
  }
  const counts = countByState(links);
  const shown = orderLinks(links, choices.sort, choices.state);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Share links
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <div role="group" aria-label="Show links" className="flex flex-wrap gap-1">
            {LINK_STATE_FILTERS.map((state) => (
              <Button key={state} size="sm" variant={choices.state === state ? "primary" : "secondary"} aria-pressed={choices.state === state} onClick={() => choices.setState(state)}>
                {FILTER_TEXT[state]} <span className="tabular-nums">({counts[state]})</span>
              </Button>
            ))}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-sort`} className="text-xs font-medium text-slate-700 dark:text-slate-300">
              Order
            </label>
            <select id={`${id}-sort`} value={choices.sort} onChange={(e) => choices.setSort(e.currentTarget.value)} className={inputClass}>
              {LINK_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {LINK_SORT_TEXT[sort]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="p-4 text-sm" role="status">
          No {FILTER_TEXT[choices.state].toLowerCase()} links.
        </p>
      ) : (
        <ul aria-label="Share links">
          {shown.map((link) => (
            <LinkCard key={link.id} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}
