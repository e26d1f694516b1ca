import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { markPriceAt, markPriceTicksAt, priceAt, priceTicksAt, spotPriceAt, spotPriceTicksAt, ticksToPrice } from "./price-walk";
import { SANDBOX_SYMBOLS } from "./symbols";

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe("price walk", () => {
  it("is a pure function of (seed, symbol, time)", () => {
    const a = [0, 1_234, 59_999, 3 * DAY + 17].map((dt) => priceAt(7, "BTCUSDT", T0 + dt));
    // Evaluate other things in between, in another order: no hidden state.
    priceAt(8, "ETHUSDT", T0);
    markPriceAt(7, "BTCUSDT", T0 + 99 * DAY);
    const b = [0, 1_234, 59_999, 3 * DAY + 17].map((dt) => priceAt(7, "BTCUSDT", T0 + dt));
    expect(b).toEqual(a);
    expect(priceAt(7, "BTCUSDT", T0)).toBe(priceAt(7, "BTCUSDT", T0));
  });

  it("differs between seeds and between symbols", () => {
    const seeds = new Set([1, 2, 3, 4, 5].map((s) => priceAt(s, "BTCUSDT", T0)));
    expect(seeds.size).toBeGreaterThan(3);
    expect(priceTicksAt(1, "SOLUSDT", T0)).not.toBe(priceTicksAt(1, "AVAXUSDT", T0));
  });

  it("rounds every price to the symbol's tickSize, with its decimal places", () => {
    for (const s of SANDBOX_SYMBOLS) {
      const tick = new Decimal(s.tickSize);
      for (let i = 0; i < 50; i++) {
        const t = T0 + i * 7_777_777;
        for (const p of [priceAt(3, s.symbol, t), markPriceAt(3, s.symbol, t), spotPriceAt(3, s.symbol, t)]) {
          expect(p).toMatch(/^\d+(\.\d+)?$/);
          const d = new Decimal(p);
          expect(d.mod(tick).isZero()).toBe(true);
          expect(d.decimalPlaces() <= tick.decimalPlaces()).toBe(true);
          expect(p.split(".")[1]?.length ?? 0).toBe(tick.decimalPlaces());
        }
      }
    }
  });

  it("stays positive and within 0.5x-2x of the reference price over a year", () => {
    for (const s of SANDBOX_SYMBOLS) {
      const ref = Number(s.referencePrice);
      let lo = Infinity;
      let hi = 0;
      for (const seed of [1, 2, 3, 11, 12345]) {
        for (let t = T0; t < T0 + 365 * DAY; t += 6 * HOUR) {
          const r = Number(priceAt(seed, s.symbol, t)) / ref;
          lo = Math.min(lo, r);
          hi = Math.max(hi, r);
        }
      }
      expect(lo).toBeGreaterThan(0.5);
      expect(hi).toBeLessThan(2);
    }
  });

  it("moves within a minute and without jumps from second to second", () => {
    let changes = 0;
    let prev = priceTicksAt(5, "BTCUSDT", T0);
    for (let t = T0 + 1000; t <= T0 + 10 * MINUTE; t += 1000) {
      const cur = priceTicksAt(5, "BTCUSDT", t);
      if (cur !== prev) changes++;
      expect(Math.abs(cur / prev - 1)).toBeLessThan(0.002);
      prev = cur;
    }
    expect(changes).toBeGreaterThan(300); // of 600 one-second steps
  });

  it("has daily log returns of about the symbol's dailyVolatility", () => {
    for (const symbol of ["BTCUSDT", "DOGEUSDT"]) {
      const vol = SANDBOX_SYMBOLS.find((s) => s.symbol === symbol)?.dailyVolatility ?? 0;
      let sum2 = 0;
      let n = 0;
      for (let seed = 1; seed <= 10; seed++) {
        for (let d = 0; d < 200; d++) {
          const t = T0 + d * 1.7 * DAY;
          const r = Math.log(priceTicksAt(seed, symbol, t + DAY) / priceTicksAt(seed, symbol, t));
          sum2 += r * r;
          n++;
        }
      }
      const ratio = Math.sqrt(sum2 / n) / vol;
      expect(ratio).toBeGreaterThan(0.75);
      expect(ratio).toBeLessThan(1.25);
    }
  });

  it("keeps the contract and mark prices within ±0.3 % of the spot index over a year, for every symbol", () => {
    for (const s of SANDBOX_SYMBOLS) {
      let worstContract = 0;
      let worstMark = 0;
      let sumBasis = 0;
      let n = 0;
      for (const seed of [1, 42, 20250601]) {
        // Every 47 minutes and 13 seconds over a year: ~11 000 instants per seed, at every phase of the knots.
        for (let t = T0; t < T0 + 365 * DAY; t += 47 * MINUTE + 13_000) {
          const spot = new Decimal(spotPriceAt(seed, s.symbol, t));
          const contract = new Decimal(priceAt(seed, s.symbol, t)).div(spot).minus(1).toNumber();
          const mark = new Decimal(markPriceAt(seed, s.symbol, t)).div(spot).minus(1).toNumber();
          worstContract = Math.max(worstContract, Math.abs(contract));
          worstMark = Math.max(worstMark, Math.abs(mark));
          sumBasis += contract;
          n++;
        }
      }
      expect(worstContract).toBeLessThanOrEqual(0.003);
      expect(worstMark).toBeLessThanOrEqual(0.003);
      // A basis, not a copy: the contract price does differ from the index, around zero on average.
      expect(worstContract).toBeGreaterThan(0.0005);
      expect(Math.abs(sumBasis / n)).toBeLessThan(0.0005);
    }
  });

  it("smooths the mark price: it moves less from second to second than the index", () => {
    let indexMoves = 0;
    let markMoves = 0;
    for (let t = T0 + 1000; t <= T0 + 30 * MINUTE; t += 1000) {
      indexMoves += Math.abs(spotPriceTicksAt(4, "BTCUSDT", t) - spotPriceTicksAt(4, "BTCUSDT", t - 1000));
      markMoves += Math.abs(markPriceTicksAt(4, "BTCUSDT", t) - markPriceTicksAt(4, "BTCUSDT", t - 1000));
    }
    expect(markMoves).toBeGreaterThan(0);
    expect(markMoves).toBeLessThan(indexMoves * 0.8);
  });

  it("keeps a BUY limit 1 % under the index out of the contract price's reach", () => {
    // A BUY limit 1 % under the index can only be crossed if the index itself falls ~0.7 %.
    for (let i = 0; i < 2000; i++) {
      const t = T0 + i * 15_731_000;
      const index = spotPriceTicksAt(9, "ETHUSDT", t);
      const contract = priceTicksAt(9, "ETHUSDT", t);
      expect(contract).toBeGreaterThan(Math.floor(index * 0.99));
      expect(contract).toBeLessThan(Math.ceil(index * 1.01));
    }
  });

  it("formats tick counts exactly", () => {
    expect(ticksToPrice("BTCUSDT", 672505)).toBe("67250.5");
    expect(ticksToPrice("DOGEUSDT", 12874)).toBe("0.12874");
    expect(ticksToPrice("DOGEUSDT", 7)).toBe("0.00007");
    expect(ticksToPrice("XRPUSDT", 5231)).toBe("0.5231");
  });

  it("refuses an unknown symbol", () => {
    expect(() => priceAt(1, "NOPEUSDT", T0)).toThrow(RangeError);
  });

  it("is cheap: thousands of evaluations take milliseconds", () => {
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) priceAt(1, "ETHUSDT", T0 + i * 1000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
