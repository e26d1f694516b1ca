"use client";

/**
 * The header cells of a ContractTable (./contract-table.tsx): each column's
 * contract header — the CSV's, with its unit as the view shows it — a "?" with
 * the metric's definition where the column is a defined metric (lib/metrics),
 * and, where the page sorts by it, a real button saying the order with
 * aria-sort. Headers wrap between words only, so a long one never pushes a
 * 1440 px table off the screen and a word is never broken at its hyphen; in
 * print a sortable header is its text (Chromium drops buttons from the header
 * it repeats on each page).
 */
import { Fragment, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { focusRing } from "@/components/ui/focus";
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from "@/components/ui/icons";
import type { SortDirection } from "@/components/ui/table";
import type { MetricDefinition } from "@/lib/metrics/definitions";
import type { Density } from "./contract-table-cells";
import { MetricHelp } from "./metric-help";

/**
 * How the table is sorted (the URL's sort key: a column's key), and the columns a click re-sorts by (absent
 * `onSort`: shown, not changeable, as on a snapshot).
 */
export interface TableSort<S extends string> {
  column: S;
  direction: SortDirection;
  onSort?: ((column: S) => void) | undefined;
  columns: readonly S[];
}

/** Whether a column is one the table sorts by: then its key is a sort key. */
const sortsBy = <S extends string>(sort: TableSort<S> | undefined, column: string): column is S => sort !== undefined && (sort.columns as readonly string[]).includes(column);

/** The text of a header split into its words, each kept whole: a line may break between words, never inside one. */
export function Words({ text }: { text: string }) {
  return (
    <>
      {text.split(" ").map((word, i) => (
        <Fragment key={i}>
          {i > 0 ? " " : null}
          <span className="whitespace-nowrap">{word}</span>
        </Fragment>
      ))}
    </>
  );
}

const TH: Record<Density, string> = {
  regular: "px-3 py-2.5 align-bottom font-medium first:pl-4 last:pr-4",
  compact: "px-1 py-1.5 align-bottom text-[11px] font-medium first:pl-3 last:pr-3",
};

const ariaSortOf = <S extends string>(sort: TableSort<S>, ...columns: S[]) => (columns.includes(sort.column) ? (sort.direction === "asc" ? "ascending" : "descending") : "none");

/** A sort button: the label, then an arrow saying the order (or that the column can be sorted). */
function SortButton<S extends string>({ column, label, text, name, sort, right, density }: { column: S; label: ReactNode; text: string; name: string; sort: TableSort<S>; right: boolean; density: Density }) {
  const on = sort.column === column;
  const Arrow = on ? (sort.direction === "asc" ? ArrowUpIcon : ArrowDownIcon) : SortIcon;
  const pad = density === "compact" ? "px-0.5 py-0.5" : "px-1.5 py-1";
  if (!sort.onSort) return <span className={cn("inline-flex", pad, on && "text-slate-900 dark:text-white")}>{label}</span>;
  const onSort = sort.onSort;
  return (
    <>
      <button
        type="button"
        onClick={() => onSort(column)}
        // Named by the whole header where the button shows part of it (a compact header's unit is on a line of its
        // own; a pair's "first" is "First deposit"); else by its text, as a label of the same words would confuse.
        aria-label={name === text ? undefined : name}
        className={cn(
          "inline-flex items-end gap-1 rounded-md hover:bg-slate-200/70 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white print:hidden",
          pad,
          right && "flex-row-reverse text-right",
          on && "text-slate-900 dark:text-white",
          focusRing,
        )}
      >
        <span>{label}</span>
        <Arrow className={cn("shrink-0", density === "compact" ? "mb-0.5 size-3" : "mb-0.5 size-3.5", on ? "opacity-100" : "opacity-40")} />
      </button>
      <span className={cn("hidden print:inline", pad)}>{label}</span>
    </>
  );
}

interface HeaderProps<S extends string> {
  column: string;
  /** The header's words and unit, as the view shows them. */
  words: string;
  unit: string | null;
  metric: MetricDefinition | undefined;
  right: boolean;
  density: Density;
  sort: TableSort<S> | undefined;
}

/** One column's header cell. */
export function HeaderCell<S extends string>({ column, words, unit, metric, right, density, sort }: HeaderProps<S>) {
  const name = unit === null ? words : `${words} (${unit})`;
  const sortable = sort !== undefined && sortsBy(sort, column) ? { sort, column } : null;
  const help = metric ? <MetricHelp label={metric.label} definition={metric.definition} placement={right ? "header-end" : "header-start"} /> : null;
  // Compact: the words (the sort button), then the unit on a line of its own with the "?" beside it, where the unit's
  // short line leaves room: the column is no wider than its longest word. Regular: one line where it fits.
  const compactUnit = density === "compact" && unit !== null;
  const label = <Words text={compactUnit ? words : name} />;
  return (
    <th scope="col" aria-sort={sortable ? ariaSortOf(sortable.sort, sortable.column) : undefined} className={cn(TH[density], "relative", right ? "text-right" : "text-left")}>
      <span className="inline-flex items-end">
        {sortable ? <SortButton column={sortable.column} label={label} text={compactUnit ? words : name} name={name} sort={sortable.sort} right={right} density={density} /> : <span>{label}</span>}
        {compactUnit ? null : help}
      </span>
      {compactUnit ? (
        <span className="block px-0.5 font-normal">
          ({unit}){help}
        </span>
      ) : null}
    </th>
  );
}

/**
 * Two columns drawn as one (a first and a last date stacked in each cell): the pair's word, then a sort button for
 * each, named by its contract header ("First deposit", "Last deposit").
 */
export function PairHeaderCell<S extends string>({ label, columns, names, headers, density, sort }: { label: string; columns: readonly [string, string]; names: readonly [string, string]; headers: readonly [string, string]; density: Density; sort: TableSort<S> | undefined }) {
  const [a, b] = columns;
  const sortable = sort !== undefined && sortsBy(sort, a) && sortsBy(sort, b) ? { sort, columns: [a, b] as const } : null;
  return (
    <th scope="col" aria-sort={sortable ? ariaSortOf(sortable.sort, ...sortable.columns) : undefined} className={cn(TH[density], "text-left whitespace-nowrap")}>
      <span className="block px-0.5">{label}</span>
      {sortable ? (
        <span className="flex">
          {sortable.columns.map((c, i) => (
            <SortButton key={c} column={c} label={names[i]} text={names[i] ?? c} name={headers[i] ?? c} sort={sortable.sort} right={false} density={density} />
          ))}
        </span>
      ) : (
        <span className="block px-0.5 font-normal">{names.join(" / ")}</span>
      )}
    </th>
  );
}
