import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { markPriceAt, markPriceTicksAt, priceAt, priceTicksAt, ticksToPrice } from "./price-walk";
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
        for (const p of [priceAt(3, s.symbol, t), markPriceAt(3, s.symbol, t)]) {
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

  it("gives a mark price close to the contract price but never identical", () => {
    for (const s of SANDBOX_SYMBOLS) {
      for (let i = 0; i < 200; i++) {
        const t = T0 + i * 61_003;
        const last = priceTicksAt(9, s.symbol, t);
        const mark = markPriceTicksAt(9, s.symbol, t);
        expect(mark).not.toBe(last);
        expect(Math.abs(mark / last - 1)).toBeLessThan(0.003);
      }
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
