/**
 * Consistency checks of a spot account, used by the tests (and handy for the HTTP layer's tests):
 * each returns a list of human-readable violations, empty when all holds.
 */
import { Decimal } from "decimal.js";
import { findSandboxSymbol } from "../data/symbols";
import { Dec } from "../market/decimal";
import type { BillEntry, FundingBillEntry, SpotAccount, SpotOrder } from "./types";

export function orderViolations(o: SpotOrder): string[] {
  const out: string[] = [];
  const info = findSandboxSymbol(o.symbol);
  const bad = (what: string): number => out.push(`order ${o.orderId} (${o.status}): ${what}`);
  if (info === undefined) {
    bad("unknown symbol");
    return out;
  }
  const orig = new Dec(o.origQty);
  const exec = new Dec(o.executedQty);
  const price = new Dec(o.price);
  if (o.orderId <= 2n ** 53n || o.orderId.toString().length !== 18) bad("orderId not an 18-digit id above 2^53");
  if (!/^[A-Za-z0-9.:/_-]{1,36}$/.test(o.clientOrderId)) bad("clientOrderId malformed");
  if (!price.mod(info.tickSize).isZero() || price.lte(0)) bad("price not a positive multiple of tickSize");
  if (!orig.mod(info.stepSize).isZero() || orig.lte(0)) bad("origQty not a positive multiple of stepSize");
  if (!exec.mod(info.stepSize).isZero()) bad("executedQty not a multiple of stepSize");
  if (!new Dec(o.cummulativeQuoteQty).eq(exec.times(price))) bad("cummulativeQuoteQty != executedQty x price");
  if (o.time > o.updateTime) bad("time > updateTime");
  switch (o.status) {
    case "NEW":
      if (!o.isWorking || !exec.isZero()) bad("NEW must be working with executedQty 0");
      break;
    case "PARTIALLY_FILLED":
      if (!o.isWorking || !exec.gt(0) || !exec.lt(orig)) bad("PARTIALLY_FILLED must be working with 0 < executedQty < origQty");
      break;
    case "FILLED":
      if (o.isWorking || !exec.eq(orig)) bad("FILLED must not be working and executedQty = origQty");
      break;
    case "CANCELED":
      if (o.isWorking || exec.gte(orig)) bad("CANCELED must not be working and not fully executed");
      break;
  }
  if (o.type === "MARKET" && o.status !== "FILLED") bad("MARKET order not FILLED");
  return out;
}

/** Sum of what open orders reserve, per asset. */
export function reservations(orders: readonly SpotOrder[]): Map<string, Decimal> {
  const sums = new Map<string, Decimal>();
  for (const o of orders) {
    if (o.status !== "NEW" && o.status !== "PARTIALLY_FILLED") continue;
    const info = findSandboxSymbol(o.symbol);
    if (info === undefined) continue;
    const remaining = new Dec(o.origQty).minus(o.executedQty);
    const [asset, amount] = o.side === "BUY" ? [info.quoteAsset, remaining.times(o.price)] : [info.baseAsset, remaining];
    sums.set(asset, (sums.get(asset) ?? new Dec(0)).plus(amount));
  }
  return sums;
}

/**
 * Running balances of bills given newest first: per coin, oldest to newest, afterAmount = previous
 * afterAmount + deltaAmount starting from 0. Returns the final balance per coin name.
 */
export function runningBalanceViolations(billsNewestFirst: ReadonlyArray<BillEntry | FundingBillEntry>): { errors: string[]; finals: Map<string, Decimal> } {
  const errors: string[] = [];
  const finals = new Map<string, Decimal>();
  let lastId: bigint | undefined;
  let lastTime: number | undefined;
  for (const b of [...billsNewestFirst].reverse()) {
    const id = BigInt(b.billId);
    const time = Number(b.cTime);
    if (lastId !== undefined && id <= lastId) errors.push(`bill ${b.billId}: ids not increasing`);
    if (lastTime !== undefined && time < lastTime) errors.push(`bill ${b.billId}: cTime going backwards`);
    if (!/^\d+$/.test(b.cTime)) errors.push(`bill ${b.billId}: cTime not a decimal string`);
    lastId = id;
    lastTime = time;
    const prev = finals.get(b.coinName) ?? new Dec(0);
    const after = new Dec(b.afterAmount);
    if (!prev.plus(b.deltaAmount).eq(after)) errors.push(`bill ${b.billId}: ${prev} + ${b.deltaAmount} != ${b.afterAmount}`);
    if (after.lt(0)) errors.push(`bill ${b.billId}: negative balance`);
    if (new Dec(b.fees).lt(0)) errors.push(`bill ${b.billId}: negative fees`);
    finals.set(b.coinName, after);
  }
  return { errors, finals };
}

/** Every check at once: orders, locked = reservations, spot and funding running balances, totals. */
export function accountViolations(account: SpotAccount, now: number): string[] {
  const errors = account.orders().flatMap(orderViolations);
  const info = account.account(now);
  const reserved = reservations(account.orders());
  const { errors: billErrors, finals } = runningBalanceViolations(account.bills({ limit: Number.MAX_SAFE_INTEGER }));
  errors.push(...billErrors);
  for (const b of info.balances) {
    const locked = new Dec(b.locked);
    if (!locked.eq(reserved.get(b.asset) ?? 0)) errors.push(`${b.asset}: locked ${b.locked} != reserved ${reserved.get(b.asset) ?? 0}`);
    if (new Dec(b.free).lt(0)) errors.push(`${b.asset}: negative free`);
    const total = locked.plus(b.free);
    if (!total.eq(finals.get(b.asset) ?? 0)) errors.push(`${b.asset}: total ${total} != last afterAmount ${finals.get(b.asset) ?? 0}`);
  }
  const funding = account.fundingBills({ pageIndex: 1, pageSize: Number.MAX_SAFE_INTEGER });
  errors.push(...runningBalanceViolations(funding.items).errors.map((e) => `funding ${e}`));
  return errors;
}
