/**
 * Table primitives: a scrollable, keyboard-reachable frame; header cells
 * that sort with a real button and say so with aria-sort; numeric cells
 * right-aligned in tabular figures so digits line up.
 */
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn";
import { focusRing } from "./focus";
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from "./icons";

export type SortDirection = "asc" | "desc";
type Align = "left" | "right" | "center";

const alignClass: Record<Align, string> = { left: "text-left", right: "text-right", center: "text-center" };

/**
 * The scroll container is a labelled region that can take focus, so keyboard
 * users can scroll a table wider than the screen.
 */
export function TableFrame({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn("relative overflow-x-auto rounded-b-xl", focusRing, "focus-visible:outline-offset-[-2px]", className)}
    >
      {children}
    </div>
  );
}

export function Table({ children, className, caption }: { children: ReactNode; className?: string; caption?: ReactNode }) {
  return (
    <table className={cn("w-full border-collapse text-sm", className)}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      {children}
    </table>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900/80 dark:text-slate-400">
      {children}
    </thead>
  );
}

export function TBody({ children, className }: { children: ReactNode; className?: string }) {
  return <tbody className={cn("divide-y divide-slate-100 dark:divide-slate-800/80", className)}>{children}</tbody>;
}

export function Tr({ children, className }: { children: ReactNode; className?: string }) {
  return <tr className={cn("transition-colors hover:bg-slate-50 dark:hover:bg-slate-800/40", className)}>{children}</tr>;
}

type ThProps = ThHTMLAttributes<HTMLTableCellElement> & { align?: Align };

export function Th({ align = "left", className, children, ...rest }: ThProps) {
  return (
    <th scope="col" className={cn("px-3 py-2.5 font-medium whitespace-nowrap first:pl-4 last:pr-4", alignClass[align], className)} {...rest}>
      {children}
    </th>
  );
}

type SortableThProps<K extends string> = {
  column: K;
  label: ReactNode;
  /** The column the table is sorted by, and in which direction. */
  sort: { column: K; direction: SortDirection };
  /** Absent: the order is shown but cannot be changed (a snapshot share link). */
  onSort?: ((column: K) => void) | undefined;
  align?: Align;
  className?: string;
  /** Longer text for the column (tooltip), when the label is an abbreviation. */
  description?: string;
};

/** A header cell whose button sorts the table; aria-sort tells assistive technology the current order. */
export function SortableTh<K extends string>({ column, label, sort, onSort, align = "left", className, description }: SortableThProps<K>) {
  const active = sort.column === column;
  const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
  const Arrow = active ? (sort.direction === "asc" ? ArrowUpIcon : ArrowDownIcon) : SortIcon;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={cn("px-1.5 py-1.5 font-medium whitespace-nowrap first:pl-2.5 last:pr-2.5", alignClass[align], className)}
    >
      {onSort === undefined ? (
        <span className={cn("inline-flex items-center gap-1 px-1.5 py-1", active && "text-slate-900 dark:text-white")} title={description}>
          {label}
        </span>
      ) : (
        <>
          <button
            type="button"
            onClick={() => onSort(column)}
            title={description}
            className={cn(
              "inline-flex items-center gap-1 rounded-md px-1.5 py-1 hover:bg-slate-200/70 hover:text-slate-900 dark:hover:bg-slate-800 dark:hover:text-white print:hidden",
              align === "right" && "flex-row-reverse",
              active && "text-slate-900 dark:text-white",
              focusRing,
            )}
          >
            <span>{label}</span>
            <Arrow className={cn("size-3.5 shrink-0", active ? "opacity-100" : "opacity-40")} />
          </button>
          {/* On paper the name as text: Chromium leaves buttons out of a table header it repeats on the next page. */}
          <span className="hidden px-1.5 py-1 print:inline">{label}</span>
        </>
      )}
    </th>
  );
}

type TdProps = TdHTMLAttributes<HTMLTableCellElement> & { align?: Align; numeric?: boolean };

export function Td({ align, numeric = false, className, children, ...rest }: TdProps) {
  const a = align ?? (numeric ? "right" : "left");
  return (
    <td
      className={cn(
        "px-3 py-2.5 whitespace-nowrap text-slate-700 first:pl-4 last:pr-4 dark:text-slate-300",
        alignClass[a],
        numeric && "tabular-nums",
        className,
      )}
      {...rest}
    >
      {children}
    </td>
  );
}
