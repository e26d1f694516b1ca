/**
 * A balance ledger: free and locked amounts per coin, and the bills that record every change of a
 * coin's total (free + locked). Locking and unlocking move between free and locked and write no bill.
 * Bill ids are 18-digit numbers that strictly increase in the order bills are written.
 */
import { Decimal } from "decimal.js";
import { Rng } from "../data/rng";
import { Dec, fmt } from "../market/decimal";
import { coinByName, type Coin } from "./coins";
import type { BizType } from "./types";

export interface LedgerBill {
  id: bigint;
  coin: Coin;
  bizType: BizType;
  delta: Decimal;
  after: Decimal;
  fees: Decimal;
  time: number;
  fill?: { size: string; value: string };
}

interface Holding {
  free: Decimal;
  locked: Decimal;
}

export class InsufficientBalance extends Error {
  constructor(coin: string, needed: Decimal, available: Decimal) {
    super(`insufficient ${coin}: needs ${fmt(needed)}, has ${fmt(available)}`);
    this.name = "InsufficientBalance";
  }
}

export class Ledger {
  private readonly holdings = new Map<string, Holding>();
  private readonly entries: LedgerBill[] = [];
  private nextId: bigint;
  private readonly idRng: Rng;
  /** Time of the last change of any balance, free or locked (0 before the first). */
  lastChange = 0;

  constructor(seed: number, name: string) {
    this.idRng = Rng.derive(seed, "ledger-ids", name);
    this.nextId = 110_000_000_000_000_000n + BigInt(this.idRng.int(0, 999_999)) * 1_000_000_000n;
  }

  bills(): readonly LedgerBill[] {
    return this.entries;
  }

  private holding(coin: string): Holding {
    let h = this.holdings.get(coin);
    if (h === undefined) {
      h = { free: new Dec(0), locked: new Dec(0) };
      this.holdings.set(coin, h);
    }
    return h;
  }

  free(coin: string): Decimal {
    return this.holding(coin).free;
  }

  locked(coin: string): Decimal {
    return this.holding(coin).locked;
  }

  total(coin: string): Decimal {
    const h = this.holding(coin);
    return h.free.plus(h.locked);
  }

  private touch(time: number): void {
    if (time > this.lastChange) this.lastChange = time;
  }

  private write(coinName: string, bizType: BizType, delta: Decimal, fees: Decimal, time: number, fill?: LedgerBill["fill"]): LedgerBill {
    this.nextId += BigInt(this.idRng.int(1, 4000));
    const bill: LedgerBill = { id: this.nextId, coin: coinByName(coinName), bizType, delta, after: this.total(coinName), fees, time, fill };
    this.entries.push(bill);
    this.touch(time);
    return bill;
  }

  /** Adds to free. */
  credit(coin: string, amount: Decimal, bizType: BizType, time: number, fees: Decimal = new Dec(0), fill?: LedgerBill["fill"]): LedgerBill {
    const h = this.holding(coin);
    h.free = h.free.plus(amount);
    return this.write(coin, bizType, amount, fees, time, fill);
  }

  /** Takes from free; throws InsufficientBalance when free is short. */
  debitFree(coin: string, amount: Decimal, bizType: BizType, time: number, fees: Decimal = new Dec(0), fill?: LedgerBill["fill"]): LedgerBill {
    const h = this.holding(coin);
    if (h.free.lt(amount)) throw new InsufficientBalance(coin, amount, h.free);
    h.free = h.free.minus(amount);
    return this.write(coin, bizType, amount.negated(), fees, time, fill);
  }

  /** Takes from locked (an order's reservation being consumed by a fill). */
  debitLocked(coin: string, amount: Decimal, bizType: BizType, time: number, fill?: LedgerBill["fill"]): LedgerBill {
    const h = this.holding(coin);
    if (h.locked.lt(amount)) throw new InsufficientBalance(`${coin} (locked)`, amount, h.locked);
    h.locked = h.locked.minus(amount);
    return this.write(coin, bizType, amount.negated(), new Dec(0), time, fill);
  }

  lock(coin: string, amount: Decimal, time: number): void {
    const h = this.holding(coin);
    if (h.free.lt(amount)) throw new InsufficientBalance(coin, amount, h.free);
    h.free = h.free.minus(amount);
    h.locked = h.locked.plus(amount);
    this.touch(time);
  }

  unlock(coin: string, amount: Decimal, time: number): void {
    const h = this.holding(coin);
    if (h.locked.lt(amount)) throw new InsufficientBalance(`${coin} (locked)`, amount, h.locked);
    h.locked = h.locked.minus(amount);
    h.free = h.free.plus(amount);
    this.touch(time);
  }
}
