/**
 * The bills filters take a coin name ("USDT") or the numeric coin id the
 * exchange's bills endpoints want (`coinId`, an Integer). Neither the account
 * balances nor exchangeInfo carry coin ids; bill entries carry both coinId and
 * coinName, so the names are learnt from the bills the page reads.
 */
import type { ResponseOf } from "./endpoints";

type BillEntry = Pick<ResponseOf<"accountBills">[number], "coinId" | "coinName">;

/** Upper-cased coin name → coin id, from bill entries. */
export function coinIdsFromBills(...pages: ReadonlyArray<readonly BillEntry[]>): Map<string, number> {
  const ids = new Map<string, number>();
  for (const bills of pages) for (const bill of bills) ids.set(bill.coinName.trim().toUpperCase(), bill.coinId);
  return ids;
}

export type CoinFilter = { ok: true; coinId: string } | { ok: false; message: string };

/** What the asset box means: empty (all coins), a numeric id as typed, or a known name mapped to its id. */
export function resolveCoinFilter(typed: string, ids: ReadonlyMap<string, number>): CoinFilter {
  const text = typed.trim();
  if (text === "") return { ok: true, coinId: "" };
  if (/^\d{1,9}$/.test(text)) return { ok: true, coinId: text };
  const id = ids.get(text.toUpperCase());
  if (id !== undefined) return { ok: true, coinId: String(id) };
  const known = [...ids.keys()].sort().join(", ");
  return { ok: false, message: `No coin named "${text}" in this account's bills${known ? ` (known: ${known})` : ""}; type a coin name from the list or its numeric id.` };
}
