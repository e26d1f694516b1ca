/**
 * A contract column's header as a page shows it: the CSV's header, its money
 * unit as the view shows amounts (the coin, or "% of total" on a percentages
 * link). Browser-safe; components/reports/contract-table.tsx draws with it.
 */
import type { FieldKind } from "./fields";

/** The coin a money column is in: its own, or the row's (the view's coin when no row is at hand: the header). */
export const coinOfColumn = (kind: Extract<FieldKind, { kind: "money" }>, rowCoin: unknown, viewCoin: string): string =>
  kind.coin !== "row" ? kind.coin : typeof rowCoin === "string" ? rowCoin : viewCoin;

/** A header's words and, for money, its unit as the view shows it (set apart, so a compact table can put it on a line of its own). */
export function pageHeaderParts(header: string, kind: FieldKind, fmt: { unit(unit: string): string }, viewCoin: string): { words: string; unit: string | null } {
  if (kind.kind !== "money") return { words: header, unit: null };
  const coin = coinOfColumn(kind, undefined, viewCoin);
  const words = header.endsWith(` (${coin})`) ? header.slice(0, -` (${coin})`.length) : header;
  return { words, unit: fmt.unit(coin) };
}

/** `Volume (USDT)` or `Commission` → `Volume (USDT)`, `Commission (USDT)`; on a percentages link `… (% of total)`. */
export function pageHeader(header: string, kind: FieldKind, fmt: { unit(unit: string): string }, viewCoin: string): string {
  const { words, unit } = pageHeaderParts(header, kind, fmt, viewCoin);
  return unit === null ? words : `${words} (${unit})`;
}
