/**
 * How the Reports page orders and filters its share links: by creation, last
 * view, views or expiry, and by state. Pure and browser-safe; the choices are
 * read from the page's URL (`?sort=…&state=…`), anything unknown reads as the default.
 */
import type { LinkState } from "./access";

export const LINK_SORTS = ["created", "last-view", "views", "expiry"] as const;
export type LinkSort = (typeof LINK_SORTS)[number];
export const LINK_SORT_TEXT: Record<LinkSort, string> = {
  created: "Newest first",
  "last-view": "Last viewed first",
  views: "Most viewed first",
  expiry: "Expiring soonest first",
};

export const LINK_STATE_FILTERS = ["all", "active", "paused", "expired", "revoked"] as const;
export type LinkStateFilter = (typeof LINK_STATE_FILTERS)[number];

export interface OrderableLink {
  state: LinkState;
  createdAt: number;
  lastViewedAt: number | null;
  viewCount: number;
  expiresAt: number | null;
}

export function readLinkSort(value: string | null): LinkSort {
  return LINK_SORTS.find((s) => s === value) ?? "created";
}

export function readLinkStateFilter(value: string | null): LinkStateFilter {
  return LINK_STATE_FILTERS.find((s) => s === value) ?? "all";
}

// Links never viewed come after viewed ones, links that never expire after expiring ones; ties: newest first.
const KEYS: Record<LinkSort, (a: OrderableLink, b: OrderableLink) => number> = {
  created: () => 0,
  "last-view": (a, b) => (b.lastViewedAt ?? -Infinity) - (a.lastViewedAt ?? -Infinity),
  views: (a, b) => b.viewCount - a.viewCount,
  expiry: (a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity),
};

export function orderLinks<T extends OrderableLink>(links: readonly T[], sort: LinkSort, state: LinkStateFilter): T[] {
  return links
    .filter((link) => state === "all" || link.state === state)
    .sort((a, b) => KEYS[sort](a, b) || b.createdAt - a.createdAt || 0);
}

/** How many links each state filter would show, for its label. */
export function countByState(links: readonly OrderableLink[]): Record<LinkStateFilter, number> {
  const counts: Record<LinkStateFilter, number> = { all: links.length, active: 0, paused: 0, expired: 0, revoked: 0 };
  for (const link of links) counts[link.state] += 1;
  return counts;
}
