/**
 * Referral trade-and-asset totals per invitee over [startTime, endTime]
 * (bounds inclusive, absent bounds unbounded):
 * - depositAmount / withdrawalAmount: Σ of the invitee's deposit / withdrawal
 *   events with time in range (and ≤ now);
 * - spotTradingAmount / futuresTradingAmount: Σ (takerAmount + makerAmount) of
 *   the invitee's SPOT / FUTURES items whose `date` is in range;
 * - commission: Σ commission of the invitee's **USDT-coin** items whose `date`
 *   is in range. The report is USDT-denominated, so BTC-paid commissions are
 *   not in it (their volumes, being USDT, are in the trading amounts).
 * Every sum is exact (decimal.js).
 *
 * To keep a call cheap, settled days (which can no longer change) are folded
 * into per-invitee cumulative sums, so a range is a difference of two prefix
 * sums; only the last couple of days are summed item by item.
 */
import type { CommissionRecord, Invitee, TradeAndAssetRecord } from "./types";
import { Dec, str, ZERO } from "./money";
import { cumulative, lastAtOrBefore } from "./invitees";
import { cmp } from "./commissions";

export interface Totals {
  spot: Dec;
  futures: Dec;
  commission: Dec;
  items: number;
}

function emptyTotals(): Totals {
  return { spot: ZERO, futures: ZERO, commission: ZERO, items: 0 };
}

/** Adds items (any days) to per-uid totals. */
export function addItems(into: Map<string, Totals>, items: readonly CommissionRecord[]): void {
  for (const item of items) {
    let t = into.get(item.uid);
    if (!t) {
      t = emptyTotals();
      into.set(item.uid, t);
    }
    const volume = new Dec(item.takerAmount).plus(item.makerAmount);
    if (item.productType === "SPOT") t.spot = t.spot.plus(volume);
    else t.futures = t.futures.plus(volume);
    if (item.coin === "USDT") t.commission = t.commission.plus(item.commission);
    t.items++;
  }
}

interface Cum {
  days: number[];
  spot: Dec[];
  futures: Dec[];
  commission: Dec[];
  items: number[];
}

/** Per-invitee cumulative sums over settled days, extended day by day and truncated when a settled day is restated. */
export class TradeCumulative {
  private readonly byUid = new Map<string, Cum>();
  /** Days [0, builtDays) are folded in. */
  builtDays = 0;

  /** Folds in the (final) items of the next day. */
  append(day: number, items: readonly CommissionRecord[]): void {
    if (day !== this.builtDays) throw new Error(`TradeCumulative: expected day ${this.builtDays}, got ${day}`);
    const totals = new Map<string, Totals>();
    addItems(totals, items);
    for (const [uid, t] of totals) {
      let c = this.byUid.get(uid);
      if (!c) {
        c = { days: [], spot: [], futures: [], commission: [], items: [] };
        this.byUid.set(uid, c);
      }
      const n = c.days.length;
      c.days.push(day);
      c.spot.push(n ? (c.spot[n - 1] as Dec).plus(t.spot) : t.spot);
      c.futures.push(n ? (c.futures[n - 1] as Dec).plus(t.futures) : t.futures);
      c.commission.push(n ? (c.commission[n - 1] as Dec).plus(t.commission) : t.commission);
      c.items.push(n ? (c.items[n - 1] as number) + t.items : t.items);
    }
    this.builtDays = day + 1;
  }

  /** Forgets days ≥ day. */
  truncate(day: number): void {
    if (day >= this.builtDays) return;
    for (const c of this.byUid.values()) {
      while (c.days.length && (c.days[c.days.length - 1] as number) >= day) {
        c.days.pop();
        c.spot.pop();
        c.futures.pop();
        c.commission.pop();
        c.items.pop();
      }
    }
    this.builtDays = Math.max(0, day);
  }

  /** Totals of uid over days [from, to] (must be < builtDays). */
  range(uid: string, from: number, to: number): Totals | undefined {
    const c = this.byUid.get(uid);
    if (!c || to < from) return undefined;
    const hi = lastAtOrBefore(c.days, to);
    const lo = lastAtOrBefore(c.days, from - 1);
    if (hi < 0 || hi === lo) return undefined;
    const at = (arr: Dec[], i: number): Dec => (i >= 0 ? (arr[i] as Dec) : ZERO);
    return {
      spot: at(c.spot, hi).minus(at(c.spot, lo)),
      futures: at(c.futures, hi).minus(at(c.futures, lo)),
      commission: at(c.commission, hi).minus(at(c.commission, lo)),
      items: (c.items[hi] as number) - (lo >= 0 ? (c.items[lo] as number) : 0),
    };
  }
}

interface MoneyCum {
  depTimes: number[];
  wdTimes: number[];
  dep: Dec[];
  wd: Dec[];
}

/** Cumulative deposit / withdrawal sums per invitee (events never change). */
export class MoneyIndex {
  private readonly cache = new Map<string, MoneyCum>();

  private of(inv: Invitee): MoneyCum {
    let c = this.cache.get(inv.uid);
    if (!c) {
      c = {
        depTimes: inv.deposits.map((e) => e.time),
        wdTimes: inv.withdrawals.map((e) => e.time),
        dep: cumulative(inv.deposits),
        wd: cumulative(inv.withdrawals),
      };
      this.cache.set(inv.uid, c);
    }
    return c;
  }

  /** Σ deposits and withdrawals with time in [lo, hi]; undefined when there are none. */
  range(inv: Invitee, lo: number, hi: number): { deposit: Dec; withdrawal: Dec } | undefined {
    if (inv.deposits.length === 0 || hi < lo) return undefined;
    const c = this.of(inv);
    const sum = (times: number[], cum: Dec[]): [Dec, number] => {
      const a = lastAtOrBefore(times, lo - 1);
      const b = lastAtOrBefore(times, hi);
      if (b < 0 || a === b) return [ZERO, 0];
      return [(cum[b] as Dec).minus(a >= 0 ? (cum[a] as Dec) : ZERO), b - a];
    };
    const [deposit, nd] = sum(c.depTimes, c.dep);
    const [withdrawal, nw] = sum(c.wdTimes, c.wd);
    return nd + nw > 0 ? { deposit, withdrawal } : undefined;
  }
}

export function tradeAndAssetRecord(
  uid: string,
  money: { deposit: Dec; withdrawal: Dec } | undefined,
  trade: Totals | undefined,
): TradeAndAssetRecord {
  return {
    uid,
    depositAmount: str(money?.deposit ?? ZERO),
    withdrawalAmount: str(money?.withdrawal ?? ZERO),
    spotTradingAmount: str(trade?.spot ?? ZERO),
    futuresTradingAmount: str(trade?.futures ?? ZERO),
    commission: str(trade?.commission ?? ZERO),
  };
}

export function mergeTotals(a: Totals | undefined, b: Totals | undefined): Totals | undefined {
  if (!a) return b;
  if (!b) return a;
  return {
    spot: a.spot.plus(b.spot),
    futures: a.futures.plus(b.futures),
    commission: a.commission.plus(b.commission),
    items: a.items + b.items,
  };
}

export function byUid(a: TradeAndAssetRecord, b: TradeAndAssetRecord): number {
  return cmp(a.uid, b.uid);
}
