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
 * A header's words and, for money, its unit as the view shows it (set apart, so a compact table can put it on a line
 * of its own). In a view of every coin (`viewCoin` null), a column in each row's coin says so: "in the row's coin".
 */
export function pageHeaderParts(header: string, kind: FieldKind, fmt: { unit(unit: string): string }, viewCoin: string | null): { words: string; unit: string | null } {
  if (kind.kind !== "money") return { words: header, unit: null };
  const coin = coinOfColumn(kind, undefined, viewCoin);
  if (coin === null) return { words: header, unit: fmt.unit("") === "" ? "in the row's coin" : fmt.unit("") };
  // An estimate's header ends "(≈ USDT)" (metricColumn): the unit keeps its ≈.
  const unit = header.endsWith(` (≈ ${coin})`) ? `≈ ${coin}` : coin;
  const words = header.endsWith(` (${unit})`) ? header.slice(0, -` (${unit})`.length) : header;
  return { words, unit: fmt.unit(unit) };
}

/** `Volume (USDT)` or `Commission` → `Volume (USDT)`, `Commission (USDT)`; on a percentages link `… (% of total)`. */
export function pageHeader(header: string, kind: FieldKind, fmt: { unit(unit: string): string }, viewCoin: string | null): string {
  const { words, unit } = pageHeaderParts(header, kind, fmt, viewCoin);
  return unit === null ? words : `${words} (${unit})`;
}
