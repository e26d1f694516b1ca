"use client";

/**
 * Any table a report's contract describes (lib/reports/contracts/report-contract.ts
 * `table`), drawn on its page: the contract's columns in the contract's order and
 * with its headers — the CSV's — each cell shown by its field's kind. Money at its
 * coin's decimals with every digit in the title (MoneyTd), its unit in the header as
 * the view shows it (the coin, or "% of total" on a percentages link); counts
 * grouped; fractions and rates as percents; uids linked to their pages (plain text
 * on share links); a value the answer does not hold (null) as "—", never 0.
 */
import type { ReactNode } from "react";
import { Table, TableFrame, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { formatCount } from "@/lib/format/amount";
import { EMPTY_VALUE, formatFractionAsPercent, formatRateAsPercent } from "@/lib/format/decimal";
import type { FieldKind } from "@/lib/reports/contracts/fields";
import { coinOfColumn, pageHeader } from "@/lib/reports/contracts/page-header";
import type { TableContract } from "@/lib/reports/contracts/report-contract";
import { EntityLink } from "./entity-link";
import { MoneyTd } from "./money";
import { useAmountFormat } from "./report-context";

/** How a page shows one column, where it differs from its kind's default. */
export interface ColumnView {
  /** Money: decimals (volumes whole, say); fractions: percent decimals; rates: the most percent decimals. */
  dp?: number;
}

interface ContractTableProps<K extends string, R> {
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
  views?: Partial<Record<NoInfer<K>, ColumnView>>;
  /** What an empty table says in words, rather than a header over nothing. */
  empty?: string;
}

const NUMERIC: ReadonlySet<FieldKind["kind"]> = new Set(["money", "count", "ratio"]);

function Cell({ kind, value, row, view, coin, first }: { kind: FieldKind; value: unknown; row: Readonly<Record<string, unknown>>; view: ColumnView | undefined; coin: string | null; first: boolean }): ReactNode {
  if (value === null || value === undefined) return <Td numeric={NUMERIC.has(kind.kind) && !first}>{EMPTY_VALUE}</Td>;
  const text = String(value);
  switch (kind.kind) {
    case "money":
      return <MoneyTd value={text} coin={coinOfColumn(kind, row.coin, coin) ?? ""} {...(view?.dp === undefined ? {} : { dp: view.dp })} />;
    case "count":
      return <Td numeric={!first}>{formatCount(text)}</Td>;
    case "ratio":
      return <Td numeric={!first}>{kind.rate ? formatRateAsPercent(text, { maxDp: view?.dp ?? 2 }) : formatFractionAsPercent(text, { dp: view?.dp ?? 1 })}</Td>;
    case "uid":
      return (
        <Td className="font-mono">
          <EntityLink kind={kind.of} id={text} />
        </Td>
      );
    case "flag":
      return <Td>{value === true ? "yes" : "no"}</Td>;
    default:
      return <Td className={first ? "font-mono" : undefined}>{text}</Td>;
  }
}

export function ContractTable<K extends string, R>({ table, rows, rowKey, label, caption, coin, omit = [], views = {}, empty }: ContractTableProps<K, R>) {
  const fmt = useAmountFormat();
  const columns = (Object.entries(table.columns) as Array<[K, TableContract<K>["columns"][K]]>).filter(([key]) => !omit.includes(key));
  return (
    <TableFrame label={label}>
      <Table caption={caption}>
        <THead>
          <Tr>
            {columns.map(([key, c], i) => (
              <Th key={key} align={i > 0 && NUMERIC.has(c.kind.kind) ? "right" : "left"}>
                {pageHeader(c.header, c.kind, fmt, coin)}
              </Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {rows.length === 0 && empty !== undefined ? (
            <Tr>
              <Td colSpan={columns.length} className="text-slate-600 dark:text-slate-400">
                {empty}
              </Td>
            </Tr>
          ) : null}
          {rows.map((row) => {
            const fields = row as Readonly<Record<string, unknown>>;
            return (
              <Tr key={rowKey(row)}>
                {columns.map(([key, c], i) => (
                  <Cell key={key} kind={c.kind} value={fields[key]} row={fields} view={(views as Partial<Record<string, ColumnView>>)[key]} coin={coin} first={i === 0} />
                ))}
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </TableFrame>
  );
}
