/**
 * A contract column's header as a page shows it: the CSV's header, its money
 * unit as the view shows amounts (the coin, or "% of total" on a percentages
 * link). Browser-safe; components/reports/contract-table.tsx draws with it.
 */
import type { FieldKind } from "./fields";

/**
 * The coin a money column is in: its own, or the row's (the view's coin when no row is at hand: the header). A view
 * of every coin (`viewCoin` null: Commissions with no coin) has no one coin: its rows say theirs.
 */
export const coinOfColumn = (kind: Extract<FieldKind, { kind: "money" }>, rowCoin: unknown, viewCoin: string | null): string | null =>
  kind.coin !== "row" ? kind.coin : typeof rowCoin === "string" ? rowCoin : viewCoin;

/**
 * `Volume (USDT)` or `Commission` → `Volume (USDT)`, `Commission (USDT)`; on a percentages link `… (% of total)`; in
 * a view of every coin, a column in each row's coin is `Commission (in the row's coin)`.
 */
export function pageHeader(header: string, kind: FieldKind, fmt: { unit(unit: string): string }, viewCoin: string | null): string {
  if (kind.kind !== "money") return header;
  const coin = coinOfColumn(kind, undefined, viewCoin);
  if (coin === null) return fmt.unit("") === "" ? `${header} (in the row's coin)` : `${header} (${fmt.unit("")})`;
  const base = header.endsWith(` (${coin})`) ? header.slice(0, -` (${coin})`.length) : header;
  return `${base} (${fmt.unit(coin)})`;
}
