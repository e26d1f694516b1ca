"use client";

/**
 * Any table a report's contract describes (lib/reports/contracts/report-contract.ts
 * `table`), drawn on its page: the contract's columns in the contract's order and
 * with its headers — the CSV's, a defined metric's label with its definition
 * behind a "?" — each cell shown by its field's kind (./contract-table-cells.tsx):
 * money at its coin's decimals with every digit in the title, its unit in the
 * header as the view shows it (the coin, or "% of total" on a percentages link);
 * counts grouped; fractions and rates as percents; uids linked to their pages
 * (plain text on share links); a value the answer does not hold (null) as "—",
 * never 0. What a page adds is said here, not written as a table of its own:
 * columns it leaves out, cells of its own (ColumnView), sorting through its URL,
 * two columns stacked in one, a compact density, a last row for a PDF's row
 * count, and what follows the table.
 */
import type { ReactNode } from "react";
import { Table, TableFrame, TBody, THead, Tr } from "@/components/ui/table";
import { EMPTY_VALUE } from "@/lib/format/decimal";
import type { FieldKind } from "@/lib/reports/contracts/fields";
import type { TableContract } from "@/lib/reports/contracts/report-contract";
import { pageHeaderParts } from "@/lib/reports/contracts/page-header";
import { Cell, NUMERIC, ValueCell, type ColumnView, type Density } from "./contract-table-cells";
import { HeaderCell, PairHeaderCell, type TableSort } from "./contract-table-head";
import { PrintedRowsNote } from "./print-rows";
import { useAmountFormat } from "./report-context";

export type { ColumnView } from "./contract-table-cells";
export type { TableSort } from "./contract-table-head";

/** Two contract columns drawn as one: a word over both, each sortable by its short name, their values stacked. */
export interface ColumnPair<K extends string> {
  label: string;
  columns: readonly [K, K];
  names: readonly [string, string];
}

interface ContractTableProps<K extends string, R, S extends string> {
  table: TableContract<K>;
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The scrolling region's name and the table's caption (for screen readers). */
  label: string;
  caption: string;
  /** The view's coin: the unit of money columns whose coin is each row's own; null in a view of every coin (each row's). */
  coin: string | null;
  /** Columns the page leaves out (the coin column of a one-coin view). */
  omit?: readonly NoInfer<K>[];
  views?: Partial<Record<NoInfer<K>, ColumnView<R>>>;
  /** What an empty table says in words, rather than a header over nothing. */
  empty?: string;
  /** Sorted on the server through the URL: the order shown and the columns a click re-sorts by. */
  sort?: TableSort<S>;
  pairs?: readonly ColumnPair<NoInfer<K>>[];
  density?: Density;
  /** In a PDF, the printed-rows sentence as the table's last row (components/reports/print-rows.tsx). */
  printedNote?: string | null;
  /** What follows the table inside its scrolling region (a sentence for a search that found nothing). */
  after?: ReactNode;
  frameClassName?: string;
}

type Slot<K extends string> = { kind: "column"; key: K; first: boolean } | { kind: "pair"; pair: ColumnPair<K> };

/** The columns in the contract's order, less those left out, a pair taking the place of its first column. */
function slotsOf<K extends string>(table: TableContract<K>, omit: readonly K[], pairs: readonly ColumnPair<K>[]): Slot<K>[] {
  const keys = (Object.keys(table.columns) as K[]).filter((key) => !omit.includes(key));
  const slots: Slot<K>[] = [];
  for (const key of keys) {
    const pair = pairs.find((p) => p.columns.includes(key));
    if (pair) {
      if (pair.columns[0] === key) slots.push({ kind: "pair", pair });
      continue;
    }
    slots.push({ kind: "column", key, first: slots.length === 0 });
  }
  return slots;
}

export function ContractTable<K extends string, R, S extends string = K>({
  table,
  rows,
  rowKey,
  label,
  caption,
  coin,
  omit = [],
  views = {},
  empty,
  sort,
  pairs = [],
  density = "regular",
  printedNote = null,
  after,
  frameClassName,
}: ContractTableProps<K, R, S>) {
  const fmt = useAmountFormat();
  const slots = slotsOf(table, omit, pairs);
  const viewOf = (key: K) => (views as Partial<Record<K, ColumnView<R>>>)[key];
  const headerOf = (key: K) => {
    const c = table.columns[key];
    const parts = pageHeaderParts(c.header, c.kind, fmt, coin);
    // The cells say their own unit ("3.1 d"): the CSV's "(hours)" is left to the CSV.
    return viewOf(key)?.unitInCells ? { words: parts.words.replace(/ \([^()]*\)$/, ""), unit: parts.unit } : parts;
  };
  return (
    <TableFrame label={label} {...(frameClassName === undefined ? {} : { className: frameClassName })}>
      <Table caption={caption} {...(density === "compact" ? { className: "text-xs" } : {})}>
        <THead>
          <Tr>
            {slots.map((slot) => {
              if (slot.kind === "pair") {
                const [a, b] = slot.pair.columns;
                return <PairHeaderCell key={a} label={slot.pair.label} columns={slot.pair.columns} names={slot.pair.names} headers={[table.columns[a].header, table.columns[b].header]} density={density} sort={sort} />;
              }
              const c = table.columns[slot.key];
              const right = !slot.first && NUMERIC.has(c.kind.kind);
              return <HeaderCell key={slot.key} column={slot.key} {...headerOf(slot.key)} metric={c.metric} right={right} density={density} sort={sort} />;
            })}
          </Tr>
        </THead>
        <TBody>
          {rows.length === 0 && empty !== undefined ? (
            <Tr>
              <Cell density={density} colSpan={slots.length} className="text-slate-600 dark:text-slate-400">
                {empty}
              </Cell>
            </Tr>
          ) : null}
          {rows.map((row) => (
            <Tr key={rowKey(row)}>
              <RowCells slots={slots} table={table} row={row} viewOf={viewOf} coin={coin} density={density} />
            </Tr>
          ))}
          <PrintedRowsNote note={printedNote} columns={slots.length} />
        </TBody>
      </Table>
      {after}
    </TableFrame>
  );
}

/** One row's cells: a cell spanning several columns covers the ones after it. */
function RowCells<K extends string, R>({ slots, table, row, viewOf, coin, density }: { slots: readonly Slot<K>[]; table: TableContract<K>; row: R; viewOf: (key: K) => ColumnView<R> | undefined; coin: string | null; density: Density }) {
  const fields = row as Readonly<Record<string, unknown>>;
  const cells: ReactNode[] = [];
  let covered = 0;
  for (const slot of slots) {
    if (covered > 0) {
      covered--;
      continue;
    }
    if (slot.kind === "pair") {
      const [a, b] = slot.pair.columns;
      cells.push(
        <Cell key={a} density={density} className="leading-tight">
          <PairValue kind={table.columns[a].kind} value={viewOf(a)?.value?.(row) ?? fields[a]} row={row} view={viewOf(a)} />
          <br />
          <PairValue kind={table.columns[b].kind} value={viewOf(b)?.value?.(row) ?? fields[b]} row={row} view={viewOf(b)} />
        </Cell>,
      );
      continue;
    }
    const view = viewOf(slot.key);
    const span = Math.max(1, view?.span?.(row) ?? 1);
    covered = span - 1;
    const value = view?.value ? view.value(row) : fields[slot.key];
    cells.push(<ValueCell key={slot.key} kind={table.columns[slot.key].kind} value={value} row={row} view={view} coin={coin} first={slot.first} density={density} span={span} />);
  }
  return <>{cells}</>;
}

/** One of a pair's stacked values: the page's content, an instant's UTC day, or the text ("—" where not held). */
function PairValue<R>({ kind, value, row, view }: { kind: FieldKind; value: unknown; row: R; view: ColumnView<R> | undefined }) {
  if (view?.render) return <>{view.render(row)}</>;
  if (value === null || value === undefined) return <>{EMPTY_VALUE}</>;
  if (kind.kind === "date" && kind.instant && typeof value === "number") return <span title={new Date(value).toISOString()}>{new Date(value).toISOString().slice(0, 10)}</span>;
  return <>{String(value)}</>;
}
