"use client";

/**
 * The invitee directory's column headers: compact sort buttons (sixteen columns
 * must fit a 1440 px screen), a pair of buttons over stacked first/last dates,
 * and plain labels in print (Chromium drops buttons from repeated headers).
 */
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from "@/components/ui/icons";
import type { SortDirection } from "@/components/ui/table";
import type { RosterSort } from "@/lib/reports/invitees/contract";

export type Sort = { column: RosterSort; direction: SortDirection };

/** A compact sort button (the directory's sixteen columns must fit a 1440 px screen): label, then a small arrow. */
function SortButton({ column, label, sort, onSort, ariaLabel, right = false }: { column: RosterSort; label: ReactNode; sort: Sort; onSort: ((c: RosterSort) => void) | undefined; ariaLabel?: string; right?: boolean }) {
  const on = sort.column === column;
  const Arrow = on ? (sort.direction === "asc" ? ArrowUpIcon : ArrowDownIcon) : SortIcon;
  if (!onSort) return <span className={cn("inline-flex px-0.5", on && "text-slate-900 dark:text-white")}>{label}</span>;
  return (
    <>
      {/* Chromium leaves buttons out of a table header it repeats on the next printed page: print the label as text. */}
      <span className="hidden px-0.5 print:inline">{label}</span>
      <button
      type="button"
      onClick={() => onSort(column)}
      aria-label={ariaLabel}
      className={cn(
        "inline-flex items-end gap-0.5 rounded px-0.5 py-0.5 hover:bg-slate-200/70 dark:hover:bg-slate-800 print:hidden",
        right && "flex-row-reverse text-right",
        on && "text-slate-900 dark:text-white",
        focusRing,
      )}
    >
      <span>{label}</span>
      <Arrow className={cn("mb-0.5 size-3 shrink-0", on ? "opacity-100" : "opacity-40")} />
      </button>
    </>
  );
}

const ariaSortOf = (sort: Sort, ...columns: RosterSort[]) => (columns.includes(sort.column) ? (sort.direction === "asc" ? "ascending" : "descending") : "none");

export function SortTh({ column, label, ariaLabel, sort, onSort, right = false }: { column: RosterSort; label: ReactNode; ariaLabel?: string; sort: Sort; onSort: ((c: RosterSort) => void) | undefined; right?: boolean }) {
  return (
    <th scope="col" aria-sort={ariaSortOf(sort, column)} className={cn("px-1 py-1.5 align-bottom text-[11px] font-medium first:pl-3 last:pr-3", right ? "text-right" : "text-left")}>
      <SortButton column={column} label={label} ariaLabel={ariaLabel} sort={sort} onSort={onSort} right={right} />
    </th>
  );
}

/** A header over two stacked dates (first above last), each sortable with its own button. */
export function DatePairTh({ label, first, last, sort, onSort }: { label: string; first: RosterSort; last: RosterSort; sort: Sort; onSort: ((c: RosterSort) => void) | undefined }) {
  return (
    <th scope="col" aria-sort={ariaSortOf(sort, first, last)} className="px-1 py-1.5 text-left align-bottom text-[11px] font-medium whitespace-nowrap">
      <span className="block px-0.5">{label}</span>
      <span className="flex">
        <SortButton column={first} label="first" ariaLabel={`First ${label.toLowerCase()}`} sort={sort} onSort={onSort} />
        <SortButton column={last} label="last" ariaLabel={`Last ${label.toLowerCase()}`} sort={sort} onSort={onSort} />
      </span>
    </th>
  );
}
