/**
 * Commission items: one per invitee, UTC day, coin, product and symbol traded
 * that day.
 *
 * For every trader active on a day (between the first trade and going
 * dormant) a per-(day, uid) random stream decides whether they trade, their
 * volume, products and symbols. Amounts:
 * - takerAmount / makerAmount: USDT volume, drawn then rounded to 2 dp;
 * - USDT fee: the net fee, drawn near taker × takerFeeRate + maker × makerFeeRate
 *   (less an occasional deduction) and rounded to 8 dp;
 * - BTC fee  = round8(USDT fee / BTC reference price) for BTC-paid items (decimal.js);
 * - commission = fee × rate, exact (fee has 8 dp, rate ≤ 4 dp, no rounding).
 *
 * All items of a trader's day share one trade time t (the day's last trade;
 * on the first trade day it is the invitee's first trade) and become visible
 * at availableAt = t + 45..75 min lag (never earlier than the previous trade
 * day's availableAt, so visibility is monotone per invitee).
 *
 * With `restate`, about a fifth of the items get a late-fee restatement 1–20 h
 * after they became visible: a larger fee (commission still fee × rate exactly),
 * same natural key. Every restatement happens before the end of the day after
 * the item's date, so only the last 2 days before `now` ever change.
 */
import { Rng } from "../rng";
import { findSandboxSymbol, SANDBOX_SYMBOLS } from "../symbols";
import { constant, Dec, drawnAmount, round, str } from "./money";
import { DAY_MS, HOUR_MS } from "./time";
import type { CommissionCoin, CommissionRecord, Invitee, ProductType, SourceType, TraderPlant } from "./types";

const MINUTE_MS = 60_000;
const BTC_REFERENCE_PRICE = findSandboxSymbol("BTCUSDT")?.referencePrice ?? "67250.5";
const ONE_SATOSHI = "0.00000001";
/** Share of items that earn nothing (vouchers, trial funds). */
const ZERO_RATE_PROBABILITY = 0.03;
const RESTATE_PROBABILITY = 0.2;

export interface Restatement {
  /** When the restated values replace the originals. */
  at: number;
  fee: string;
  commission: string;
}

/** The base (as first published) items of one world day, sorted, plus their natural restatements. */
export interface DayItems {
  day: number;
  dayStart: number;
  items: readonly CommissionRecord[];
  /** Parallel to items. */
  restatements: readonly (Restatement | undefined)[];
  /** Latest availableAt / restatement time of the day's items: the day never changes after it. */
  settledAt: number;
}

export interface CommissionContext {
  seed: number;
  startMs: number;
  restate: boolean;
}

function compareItems(a: CommissionRecord, b: CommissionRecord): number {
  return cmp(a.uid, b.uid) || cmp(a.productType, b.productType) || cmp(a.coin, b.coin) || cmp(a.symbol, b.symbol);
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Picks up to k distinct indices by weight. */
function pickDistinct(rng: Rng, weights: readonly number[], k: number): number[] {
  const w = weights.slice();
  const idx = w.map((_, i) => i);
  const out: number[] = [];
  for (let n = 0; n < k && out.length < w.length; n++) {
    const i = rng.weighted(idx, w);
    out.push(i);
    w[i] = 0;
  }
  return out;
}

/**
 * Generates the items of world day `day` for the given traders (those whose
 * activity window contains the day), and appends each trading invitee's trade
 * time to its `tradeTimes`. Must be called once per day, in day order.
 */
export function generateDayItems(ctx: CommissionContext, day: number, traders: readonly Invitee[]): DayItems {
  const dayStart = ctx.startMs + day * DAY_MS;
  const items: CommissionRecord[] = [];
  const restateOf = new Map<CommissionRecord, Restatement>();
  let settledAt = dayStart;

  for (const inv of traders) {
    const p = inv.trader;
    if (!p || day < p.firstTradeDay || day > p.lastActiveDay) continue;
    const rng = Rng.derive(ctx.seed, "trade", day, inv.uid);
    const first = day === p.firstTradeDay;
    const age = day - p.firstTradeDay;
    // A planted steady trader (plant.ts) neither fades nor decays, so its volume holds.
    const steady = p.plant?.steady === true;
    if (!first) {
      const decay = p.tier === "whale" || steady ? 1 : 0.4 + 0.6 * Math.exp(-age / 90);
      if (!rng.chance(p.tradeProb * decay)) continue;
    }
    const t = first ? p.firstTradeTime : dayStart + Math.floor(rng.next() * DAY_MS);

    const fading = p.tier === "whale" || steady ? 1 : 0.5 + 0.5 * Math.exp(-age / 120);
    // A steady trader's days also vary less: two weeks of its volume never halve by chance, whichever day the world
    // ends on (the collapse flag asks that volume held). The draw is the same either way, so no other stream moves.
    const volume = Math.max(20, p.baseVolume * rng.logNormal(-0.3, steady ? 0.25 : 0.9) * fading);

    // Products of the day.
    let spot = p.futuresShare < 1 && (p.futuresShare === 0 || rng.chance(0.65));
    let futures = p.futuresShare > 0 && (p.futuresShare === 1 || rng.chance(0.9));
    if (!spot && !futures) futures = true;
    if (p.futuresShare === 0) {
      spot = true;
      futures = false;
    }
    const legs: Array<[ProductType, number]> = [];
    if (spot && futures) {
      legs.push(["SPOT", volume * (1 - p.futuresShare)], ["FUTURES", volume * p.futuresShare]);
    } else {
      legs.push([spot ? "SPOT" : "FUTURES", volume]);
    }

    const lag = rng.int(45 * MINUTE_MS, 75 * MINUTE_MS);
    // Own stream, so that the base data is the same with and without `restate`.
    const restateRng = ctx.restate ? Rng.derive(ctx.seed, "restate", day, inv.uid) : undefined;
    const prevAvailable = inv.tradeAvailableAt[inv.tradeAvailableAt.length - 1] ?? 0;
    const availableAt = Math.max(t + lag, prevAvailable);
    const sourceType: SourceType = inv.subAffiliateUid === null ? 1 : 2;

    for (const [product, legVolume] of legs) {
      const k = 1 + (rng.chance(0.55) ? 1 : 0) + (rng.chance(0.3) ? 1 : 0) + (p.tier === "whale" ? rng.int(0, 3) : 0);
      const symbols = pickDistinct(rng, p.symbolWeights, k);
      const shares = symbols.map((i) => (p.symbolWeights[i] ?? 1) * (0.5 + rng.next()));
      const total = shares.reduce((a, b) => a + b, 0);
      symbols.forEach((si, j) => {
        const sym = SANDBOX_SYMBOLS[si];
        if (!sym) return;
        const v = Math.max(5, (legVolume * (shares[j] ?? 0)) / total);
        const takerShare = Math.min(1, Math.max(0.05, p.takerShare + 0.08 * rng.normal()));
        const takerVolume = v * takerShare;
        const makerVolume = v * (1 - takerShare);
        const takerAmount = drawnAmount(takerVolume, 2);
        const makerAmount = drawnAmount(makerVolume, 2);
        // Net fee: the schedule fee of the drawn volumes, less an occasional fee deduction
        // (discount coupons), drawn as a magnitude and rounded to 8 dp.
        const [takerFee, makerFee] =
          product === "SPOT" ? [p.spotTakerFee, p.spotMakerFee] : [p.futuresTakerFee, p.futuresMakerFee];
        const deduction = rng.chance(0.1) ? 1 - rng.next() * 0.2 : 1;
        const usdtFee = plantedFee(p.plant, drawnAmount(Math.max(1e-6, (takerVolume * takerFee + makerVolume * makerFee) * deduction), 8));
        let coin: CommissionCoin = "USDT";
        let fee = new Dec(usdtFee);
        const wantsBtc = p.btcCoinProb > 0 && rng.chance(p.btcCoinProb);
        if (wantsBtc) {
          const btcFee = round(fee.div(BTC_REFERENCE_PRICE), 8);
          if (btcFee.gt(0)) {
            coin = "BTC";
            fee = btcFee;
          }
        }
        const rates = p.plant?.rateCut && day >= p.plant.rateCut.fromDay ? p.plant.rateCut : p;
        const rate = rng.chance(ZERO_RATE_PROBABILITY) ? "0" : product === "SPOT" ? rates.spotRate : rates.futuresRate;
        const commission = fee.times(constant(rate));
        const item: CommissionRecord = Object.freeze({
          uid: inv.uid,
          date: dayStart,
          coin,
          productType: product,
          symbol: sym.symbol,
          fee: str(fee),
          commission: str(commission),
          rate,
          sourceType,
          takerAmount,
          makerAmount,
          availableAt,
        });
        items.push(item);
        settledAt = Math.max(settledAt, availableAt);
        if (restateRng) {
          const r = restatementOf(restateRng, item);
          if (r) {
            restateOf.set(item, r);
            settledAt = Math.max(settledAt, r.at);
          }
        }
      });
    }
    inv.tradeTimes.push(t);
    inv.tradeAvailableAt.push(availableAt);
  }

  items.sort(compareItems);
  return { day, dayStart, items, restatements: items.map((i) => restateOf.get(i)), settledAt };
}

/** A planted low-fee trader's net fee: the drawn one × its scale, rounded to 8 dp. */
function plantedFee(plant: TraderPlant | undefined, fee: string): string {
  if (plant?.feeScale === undefined) return fee;
  return str(round(new Dec(fee).times(plant.feeScale), 8));
}

/** The natural late-fee restatement of an item, if it gets one (draws from the invitee-day's restatement stream). */
function restatementOf(rng: Rng, item: CommissionRecord): Restatement | undefined {
  if (!rng.chance(RESTATE_PROBABILITY)) return undefined;
  const at = item.availableAt + rng.int(HOUR_MS, 20 * HOUR_MS);
  const factor = drawnAmount(0.005 + rng.next() * 0.075, 4);
  const base = new Dec(item.fee);
  const fee = round(base.times(factor), 8).plus(base).plus(ONE_SATOSHI);
  return { at, fee: str(fee), commission: str(fee.times(constant(item.rate))) };
}

/** A forced restatement (restateDay): applies to the day's items visible at `at`, for queries at or after `at`. */
export interface ForcedRestatement {
  at: number;
  /** Sequence number of the forced restatement within its day (names its random stream). */
  gen: number;
}

/** Extra late fee of a forced restatement: round8(base fee × 1..10 %) + 1 satoshi-unit, deterministic. */
function forcedIncrement(seed: number, gen: number, item: CommissionRecord): Dec {
  const rng = Rng.derive(seed, "forced", item.date, gen, item.uid, item.productType, item.coin, item.symbol);
  const factor = drawnAmount(0.01 + rng.next() * 0.09, 4);
  return round(new Dec(item.fee).times(factor), 8).plus(ONE_SATOSHI);
}

/**
 * The day's items as visible at `now`: availableAt ≤ now, with natural
 * restatements that happened by now and the given forced restatements (those
 * with at ≤ now; each applies to items visible at its `at`). Keeps the order.
 */
export function materializeDay(
  seed: number,
  day: DayItems,
  now: number,
  forced: readonly ForcedRestatement[],
): CommissionRecord[] {
  const out: CommissionRecord[] = [];
  const applicable = forced.filter((f) => f.at <= now);
  day.items.forEach((item, i) => {
    if (item.availableAt > now) return;
    const natural = day.restatements[i];
    const useNatural = natural !== undefined && natural.at <= now;
    const hits = applicable.filter((f) => item.availableAt <= f.at);
    if (!useNatural && hits.length === 0) {
      out.push(item);
      return;
    }
    let fee = new Dec(useNatural ? natural.fee : item.fee);
    for (const f of hits) fee = fee.plus(forcedIncrement(seed, f.gen, item));
    out.push(Object.freeze({ ...item, fee: str(fee), commission: str(fee.times(constant(item.rate))) }));
  });
  return out;
}
