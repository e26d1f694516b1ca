"use client";

import { Button } from "@/components/ui/button";

/** Previous/next paging for server-paged tables; the page lives in the URL. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
      <span className="text-slate-600 tabular-nums dark:text-slate-400">
        {total === 0 ? "No rows" : `Rows ${(page - 1) * pageSize + 1}–${Math.min(total, page * pageSize)} of ${total}`}
      </span>
      {/* Paging controls mean nothing on paper (and their "Page i of n" would read like the printout's own). */}
      <span className="flex gap-2 print:hidden">
        <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="self-center tabular-nums">
          Page {page} of {pages}
        </span>
        <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
