/**
 * The generated past of the API key's own account: a chronological simulation over
 * [createdAt - days, createdAt) of a funding account (deposits, withdrawals, transfers) and a spot
 * account (transfers, occasional direct deposits and withdrawals, orders and their fills).
 *
 * Everything is drawn from Rng.derive(seed, ...) streams, so the same options give the same history.
 * Events are processed in time order; each one checks balances when it runs and is skipped (or
 * shrunk) when funds are short, so no balance ever goes negative and every bill's afterAmount is the
 * coin's running total. Fills and cancellations scheduled at or after createdAt never happen: those
 * orders stay NEW or PARTIALLY_FILLED.
 */
import { Decimal } from "decimal.js";
import { spotPriceAt } from "../data/price-walk";
import { Rng } from "../data/rng";
import { SANDBOX_SYMBOLS, type SandboxSymbol } from "../data/symbols";
import { Dec, floorToStep, fromFloat } from "../market/decimal";
import { DAY_MS } from "../market/ticker";
import { coinByName, SPOT_COINS } from "./coins";
import { OrderIdSource } from "./ids";
import { Ledger } from "./ledger";
import { EventQueue } from "./event-queue";
import { canAfford, cancel, fill, isOpen, placeResting, type WorkingOrder } from "./trade";
import type { OrderType, SpotAccountOptions } from "./types";

const HOUR_MS = 3_600_000;
/** Orders per day of history, on average. */
const ORDERS_PER_DAY = 5;

/** Funding and spot movements per day (Poisson-like rates). */
const RATES = {
  fundingDepositUsdt: 0.9,
  fundingDepositOther: 0.35,
  fundingWithdraw: 0.3,
  transferToSpot: 0.9,
  transferToFunding: 0.4,
  spotDeposit: 0.06,
  spotWithdraw: 0.06,
};

export interface SpotHistory {
  spot: Ledger;
  funding: Ledger;
  orders: WorkingOrder[];
  ids: OrderIdSource;
}

type Fate = "FILLED" | "CANCELED" | "NEW" | "PARTIALLY_FILLED";

function countFor(rng: Rng, rate: number): number {
  return Math.floor(rate) + (rng.chance(rate - Math.floor(rate)) ? 1 : 0);
}

function symbolOf(coin: string): SandboxSymbol | undefined {
  return SANDBOX_SYMBOLS.find((s) => s.baseAsset === coin);
}

export function generateHistory(opts: SpotAccountOptions): SpotHistory {
  const { seed, createdAt } = opts;
  /** Spot fills of the history happen at the market's spot prices (the ticker's walk). */
  const marketSeed = opts.marketSeed ?? seed;
  const days = Math.max(1, Math.floor(opts.days));
  const start = createdAt - days * DAY_MS;
  const end = createdAt - 60_000;
  const spot = new Ledger(seed, "spot");
  const funding = new Ledger(seed, "funding");
  const ids = new OrderIdSource(seed);
  const orders: WorkingOrder[] = [];
  const queue = new EventQueue(end);

  /** Value in USDT of `usdt` worth of coin at time t, as an amount of the coin. */
  const amountOf = (coin: string, usdt: number, t: number): Decimal => {
    const c = coinByName(coin);
    if (coin === "USDT") return fromFloat(usdt, c.transferDp);
    const s = symbolOf(coin);
    if (s === undefined) return new Dec(0);
    return new Dec(fromFloat(usdt, 2)).div(spotPriceAt(marketSeed, s.symbol, t)).toDecimalPlaces(c.transferDp, Decimal.ROUND_DOWN);
  };
  const part = (balance: Decimal, coin: string, fraction: number): Decimal =>
    balance.times(fromFloat(fraction, 6)).toDecimalPlaces(coinByName(coin).transferDp, Decimal.ROUND_DOWN);
  const coinsWith = (ledger: Ledger): string[] => SPOT_COINS.map((c) => c.coinName).filter((n) => ledger.free(n).gt(0));

  const transfer = (from: Ledger, to: Ledger, coin: string, amount: Decimal, t: number): boolean => {
    if (amount.lte(0) || from.free(coin).lt(amount)) return false;
    from.debitFree(coin, amount, "transfer_out", t);
    to.credit(coin, amount, "transfer_in", t);
    return true;
  };
  const withdraw = (ledger: Ledger, rng: Rng, t: number): void => {
    const candidates = coinsWith(ledger).filter((n) => ledger.free(n).gt(new Dec(coinByName(n).withdrawFee).times(20)));
    if (candidates.length === 0) return;
    const coin = rng.pick(candidates);
    const fee = new Dec(coinByName(coin).withdrawFee);
    const amount = part(ledger.free(coin), coin, 0.1 + 0.4 * rng.next());
    if (amount.lte(fee)) return;
    ledger.debitFree(coin, amount, "withdraw", t, fee);
  };

  // Opening: a first deposit on the funding account, most of it moved to spot a little later.
  {
    const rng = Rng.derive(seed, "spot-history", "opening");
    const t0 = start + rng.int(HOUR_MS, 6 * HOUR_MS);
    const opening: Array<[string, number]> = [
      ["USDT", Math.min(150_000, Math.max(3_000, rng.logNormal(Math.log(25_000), 0.7)))],
      ["BTC", 3_000 + 25_000 * rng.next()],
      ["ETH", 2_000 + 15_000 * rng.next()],
      ["SOL", 500 + 4_000 * rng.next()],
    ];
    opening.forEach(([coin, usdt], i) => {
      queue.push(t0 + i * 60_000, () => {
        funding.credit(coin, amountOf(coin, usdt, t0), "deposit", t0 + i * 60_000);
      });
    });
    const t1 = t0 + rng.int(HOUR_MS, 3 * HOUR_MS);
    opening.forEach(([coin], i) => {
      const fraction = coin === "USDT" ? 0.75 + 0.2 * rng.next() : 0.5 + 0.5 * rng.next();
      queue.push(t1 + i * 60_000, () => {
        transfer(funding, spot, coin, part(funding.free(coin), coin, fraction), t1 + i * 60_000);
      });
    });
  }

  // Daily money movements.
  for (let d = 0; d < days; d++) {
    const rng = Rng.derive(seed, "spot-history", "day", d);
    const dayStart = start + d * DAY_MS;
    const at = (): number => dayStart + rng.int(8 * HOUR_MS, DAY_MS - 1);
    for (let i = countFor(rng, RATES.fundingDepositUsdt); i > 0; i--) {
      const t = at();
      const usdt = Math.min(60_000, rng.logNormal(Math.log(1_200), 0.9));
      queue.push(t, () => funding.credit("USDT", amountOf("USDT", usdt, t), "deposit", t));
    }
    for (let i = countFor(rng, RATES.fundingDepositOther); i > 0; i--) {
      const t = at();
      const coin = rng.weighted(["BTC", "ETH", "SOL", "XRP", "DOGE", "BNB"], [5, 4, 2, 1, 1, 1]);
      const usdt = Math.min(40_000, rng.logNormal(Math.log(800), 0.8));
      queue.push(t, () => {
        const amount = amountOf(coin, usdt, t);
        if (amount.gt(0)) funding.credit(coin, amount, "deposit", t);
      });
    }
    for (let i = countFor(rng, RATES.fundingWithdraw); i > 0; i--) {
      const t = at();
      const r = Rng.derive(seed, "spot-history", "funding-withdraw", d, i);
      queue.push(t, () => withdraw(funding, r, t));
    }
    for (let i = countFor(rng, RATES.transferToSpot); i > 0; i--) {
      const t = at();
      const r = Rng.derive(seed, "spot-history", "to-spot", d, i);
      queue.push(t, () => {
        const coins = coinsWith(funding);
        if (coins.length === 0) return;
        const coin = coins.includes("USDT") && r.chance(0.7) ? "USDT" : r.pick(coins);
        transfer(funding, spot, coin, part(funding.free(coin), coin, 0.3 + 0.6 * r.next()), t);
      });
    }
    for (let i = countFor(rng, RATES.transferToFunding); i > 0; i--) {
      const t = at();
      const r = Rng.derive(seed, "spot-history", "to-funding", d, i);
      queue.push(t, () => {
        const coins = coinsWith(spot);
        if (coins.length === 0) return;
        const coin = coins.includes("USDT") && r.chance(0.6) ? "USDT" : r.pick(coins);
        transfer(spot, funding, coin, part(spot.free(coin), coin, 0.05 + 0.25 * r.next()), t);
      });
    }
    for (let i = countFor(rng, RATES.spotDeposit); i > 0; i--) {
      const t = at();
      const usdt = rng.logNormal(Math.log(500), 0.7);
      queue.push(t, () => spot.credit("USDT", amountOf("USDT", usdt, t), "deposit", t));
    }
    for (let i = countFor(rng, RATES.spotWithdraw); i > 0; i--) {
      const t = at();
      const r = Rng.derive(seed, "spot-history", "spot-withdraw", d, i);
      queue.push(t, () => withdraw(spot, r, t));
    }
  }

  // Orders: placement times spread over the period after the opening deposit.
  {
    const rng = Rng.derive(seed, "spot-history", "order-times");
    const count = Math.round(days * ORDERS_PER_DAY * (0.85 + 0.3 * rng.next()));
    const first = start + 8 * HOUR_MS;
    const times = Array.from({ length: count }, () => first + Math.floor(rng.next() * Math.max(1, end - first))).sort((a, b) => a - b);
    const weights = SANDBOX_SYMBOLS.map((s) => s.volumeWeight);
    times.forEach((t, i) => {
      const r = Rng.derive(seed, "spot-history", "order", i);
      const info = r.weighted(SANDBOX_SYMBOLS, weights);
      const type = r.chance(0.75) ? "LIMIT" : "MARKET";
      const notional = Math.min(20_000, Math.max(12, r.logNormal(Math.log(300), 0.9)));
      const fateRoll = r.next();
      const fate: Fate = fateRoll < 0.62 ? "FILLED" : fateRoll < 0.87 ? "CANCELED" : fateRoll < 0.94 ? "NEW" : "PARTIALLY_FILLED";
      queue.push(t, () => placeHistoric(info, type, notional, fate, r, t));
    });
  }

  function placeHistoric(info: SandboxSymbol, type: OrderType, notional: number, fate: Fate, r: Rng, t: number): void {
    const market = new Dec(spotPriceAt(marketSeed, info.symbol, t));
    const notionalDec = fromFloat(notional, 2);
    const holdsBase = spot.free(info.baseAsset).times(market).gte(notionalDec);
    const side = holdsBase && r.chance(0.55) ? "SELL" : "BUY";
    let price = market;
    if (type === "LIMIT") {
      const offset = market.times(fromFloat(0.015 * r.next(), 6));
      price = floorToStep(side === "BUY" ? market.minus(offset) : market.plus(offset), info.tickSize);
      if (price.lt(info.tickSize)) price = new Dec(info.tickSize);
    }
    let qty = floorToStep(notionalDec.div(price), info.stepSize);
    if (!canAfford(spot, info, side, price, qty) && side === "BUY") {
      // Top up spot from the funding account, then shrink to what is there.
      const short = price.times(qty).minus(spot.free(info.quoteAsset));
      const wanted = short.times(fromFloat(1.5 + 2 * r.next(), 4)).toDecimalPlaces(2, Decimal.ROUND_UP);
      transfer(funding, spot, info.quoteAsset, Decimal.min(wanted, funding.free(info.quoteAsset).toDecimalPlaces(2, Decimal.ROUND_DOWN)), t);
    }
    if (!canAfford(spot, info, side, price, qty)) {
      const free = spot.free(side === "BUY" ? info.quoteAsset : info.baseAsset);
      qty = floorToStep(side === "BUY" ? free.div(price) : free, info.stepSize);
    }
    if (qty.lt(info.minTradeAmount) || qty.times(price).lt(5)) return;

    const o: WorkingOrder = {
      info,
      orderId: ids.orderId(),
      clientOrderId: ids.clientOrderId(),
      price,
      origQty: qty,
      executedQty: new Dec(0),
      status: "NEW",
      timeInForce: "GTC",
      type,
      side,
      time: t,
      updateTime: t,
    };
    orders.push(o);
    if (type === "MARKET") {
      fill(spot, o, qty, t, true);
      return;
    }
    placeResting(spot, o);

    /** A fill of a fraction of the remaining quantity (or all of it); skipped when it no longer applies. */
    const fillLater = (time: number, fraction: number | "rest"): void => {
      queue.push(time, () => {
        if (!isOpen(o)) return;
        const remaining = o.origQty.minus(o.executedQty);
        const q = fraction === "rest" ? remaining : floorToStep(remaining.times(fromFloat(fraction, 6)), info.stepSize);
        if (q.lte(0) || (fraction !== "rest" && q.gte(remaining))) return;
        fill(spot, o, q, time, false);
      });
    };
    let clock = t;
    const later = (meanHours: number): number => {
      clock += 1_000 + Math.floor(r.exponential(meanHours * HOUR_MS));
      return clock;
    };
    switch (fate) {
      case "FILLED": {
        const parts = r.int(1, 3);
        for (let k = 1; k < parts; k++) fillLater(later(1.5), 0.2 + 0.6 * r.next());
        fillLater(later(2), "rest");
        break;
      }
      case "CANCELED": {
        if (r.chance(0.35)) fillLater(later(2), 0.15 + 0.7 * r.next());
        const cancelAt = later(10);
        queue.push(cancelAt, () => cancel(spot, o, cancelAt));
        break;
      }
      case "PARTIALLY_FILLED":
        fillLater(later(1), 0.15 + 0.7 * r.next());
        break;
      case "NEW":
        break;
    }
  }

  queue.drain();
  return { spot, funding, orders, ids };
}

