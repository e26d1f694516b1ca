"use client";

/**
 * Amounts on report pages: rounded to the coin's decimals (or the column's own
 * `dp`), with every digit in the title, so hovering a figure — or a screen
 * reader's description — gives the exact value the CSV holds. The unit belongs
 * in the column header or the label, not in each cell.
 */
import { Td } from "@/components/ui/table";
import { coinDecimals } from "@/lib/format/amount";
import { exactOf, money, total, useAmountFormat } from "./report-context";

interface MoneyProps {
  value: string;
  /** The coin of the amount: its decimals (USDT 2, BTC 8) and the unit in the title. */
  coin: string;
  /** Decimals when the column wants its own (volumes whole, say). */
  dp?: number;
}

export function Money({ value, coin, dp }: MoneyProps) {
  const fmt = useAmountFormat();
  return <span title={exactOf(fmt, value, coin)}>{money(fmt, value, dp ?? coinDecimals(coin))}</span>;
}

export function MoneyTd({ value, coin, dp }: MoneyProps) {
  const fmt = useAmountFormat();
  return (
    <Td numeric title={exactOf(fmt, value, coin)}>
      {money(fmt, value, dp ?? coinDecimals(coin))}
    </Td>
  );
}

/**
 * A headline total: the amount, or on a percentages link its change against the previous period (the server
 * sends the change, never the amount: lib/share/redact.ts), in words where there is none to show.
 */
export function Total({ value, coin, dp }: Omit<MoneyProps, "value"> & { value: string | null }) {
  const fmt = useAmountFormat();
  if (fmt.percentages) return <span title="change against the previous period">{total(fmt, value, 1)}</span>;
  return <Money value={value ?? ""} coin={coin} {...(dp === undefined ? {} : { dp })} />;
}
