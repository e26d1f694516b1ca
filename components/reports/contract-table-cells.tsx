"use client";

/**
 * The body cells of a ContractTable (./contract-table.tsx): each value shown by
 * its field's kind — money at its coin's decimals (or the column's) with every
 * digit in the cell's title, counts grouped, fractions and rates as percents,
 * uids linked to their pages (plain on share links), instants as their UTC day —
 * a value the answer does not hold (null) as "—", never 0; or, where the page
 * says so (ColumnView.render), the page's own content in the same cell.
 */
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { coinDecimals, formatCount } from "@/lib/format/amount";
import { EMPTY_VALUE, formatFractionAsPercent, formatRateAsPercent } from "@/lib/format/decimal";
import type { FieldKind } from "@/lib/reports/contracts/fields";
import { coinOfColumn } from "@/lib/reports/contracts/page-header";
import { EntityLink } from "./entity-link";
import { exactOf, money, useAmountFormat } from "./report-context";

export type Density = "regular" | "compact";

/** How a page shows one column, where it differs from its kind's default. */
export interface ColumnView<R = never> {
  /** Money: decimals (volumes whole, say); fractions: percent decimals; rates: the most percent decimals. */
  dp?: number;
  /** The column's value where the row names its field otherwise (the directory's `kyc` is the row's `kycResult`): shown by the kind's default. */
  value?: (row: R) => unknown;
  /** The cell's content, where the kind's default does not do (an entity link, a word for a code, a count with its share). */
  render?: (row: R) => ReactNode;
  /** How many columns the row's cell spans ("not synced" across a figure and its change); the ones it covers are not drawn. */
  span?: (row: R) => number;
  /** The cell's title (shown on hover), where the default gives none. */
  title?: (row: R) => string | undefined;
  /** What a value the answer does not hold ("—") says on hover. */
  emptyTitle?: string;
  /** The cells say their own unit ("5.2 h", "3.1 d"): the header leaves out the CSV's "(hours)". */
  unitInCells?: boolean;
  /** Codes and uids: monospace. */
  mono?: boolean;
  /** Words that may wrap (a compact table's text columns). */
  wrap?: boolean;
}

export const NUMERIC: ReadonlySet<FieldKind["kind"]> = new Set(["money", "count", "ratio"]);

const CELL: Record<Density, string> = {
  regular: "px-3 py-2.5 text-slate-700 first:pl-4 last:pr-4 dark:text-slate-300",
  // The invitee directory's sixteen columns fit a 1440 px screen.
  compact: "px-1.5 py-2 text-slate-700 first:pl-3 last:pr-3 dark:text-slate-300",
};

/** One table cell: the density's padding, numbers right-aligned in tabular figures, no wrapping unless asked. */
export function Cell({
  density,
  numeric = false,
  wrap = false,
  mono = false,
  className,
  title,
  colSpan,
  children,
}: {
  density: Density;
  numeric?: boolean;
  wrap?: boolean;
  mono?: boolean;
  className?: string;
  title?: string | undefined;
  colSpan?: number;
  children: ReactNode;
}) {
  return (
    <td
      className={cn(CELL[density], wrap ? "whitespace-normal" : "whitespace-nowrap", numeric ? "text-right tabular-nums" : "text-left", mono && "font-mono", className)}
      title={title}
      colSpan={colSpan}
    >
      {children}
    </td>
  );
}

/** An instant as its UTC day (the full time in the title). */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface ValueCellProps<R> {
  kind: FieldKind;
  value: unknown;
  row: R;
  view: ColumnView<R> | undefined;
  coin: string | null;
  first: boolean;
  density: Density;
  span: number;
}

/** A row's cell of one column: the page's content (view.render) or its kind's default. */
export function ValueCell<R>({ kind, value, row, view, coin, first, density, span }: ValueCellProps<R>): ReactNode {
  const fmt = useAmountFormat();
  const numeric = NUMERIC.has(kind.kind) && !first;
  const common = { density, numeric, wrap: view?.wrap === true, mono: view?.mono === true || (first && kind.kind === "text") || kind.kind === "uid", ...(span > 1 ? { colSpan: span } : {}) };
  if (view?.render) {
    return (
      <Cell {...common} title={view.title?.(row)}>
        {view.render(row)}
      </Cell>
    );
  }
  if (value === null || value === undefined) {
    return (
      <Cell {...common} title={view?.emptyTitle}>
        {EMPTY_VALUE}
      </Cell>
    );
  }
  const text = String(value);
  const fields = row as Readonly<Record<string, unknown>>;
  switch (kind.kind) {
    case "money": {
      const rowCoin = coinOfColumn(kind, fields.coin, coin) ?? undefined;
      return (
        <Cell {...common} numeric title={view?.title?.(row) ?? exactOf(fmt, text, rowCoin)}>
          {money(fmt, text, view?.dp ?? coinDecimals(rowCoin))}
        </Cell>
      );
    }
    case "count":
      return <Cell {...common}>{formatCount(text)}</Cell>;
    case "ratio":
      return <Cell {...common}>{kind.rate ? formatRateAsPercent(text, { maxDp: view?.dp ?? 2 }) : formatFractionAsPercent(text, { dp: view?.dp ?? 1 })}</Cell>;
    case "uid":
      return (
        <Cell {...common}>
          <EntityLink kind={kind.of} id={text} />
        </Cell>
      );
    case "flag":
      return <Cell {...common}>{value === true ? "yes" : "no"}</Cell>;
    case "date":
      return kind.instant && typeof value === "number" ? (
        <Cell {...common} title={new Date(value).toISOString()}>
          {utcDay(value)}
        </Cell>
      ) : (
        <Cell {...common}>{text}</Cell>
      );
    default:
      return <Cell {...common}>{text}</Cell>;
  }
}
