import { describe, expect, it } from "vitest";
import { spotPriceAt } from "../data/price-walk";
import { SANDBOX_SYMBOLS } from "../data/symbols";
import { Dec } from "./decimal";
import { DAY_MS, ticker24h, UnknownSymbolError } from "./ticker";

const NOW = Date.UTC(2025, 5, 1, 12, 34, 56, 789);

describe("ticker24h", () => {
  it("is deterministic", () => {
    expect(ticker24h(7, "BTCUSDT", NOW)).toEqual(ticker24h(7, "BTCUSDT", NOW));
    expect(ticker24h(7, "BTCUSDT", NOW)).not.toEqual(ticker24h(8, "BTCUSDT", NOW));
  });

  it("rejects an unknown symbol", () => {
    expect(() => ticker24h(1, "FOOUSDT", NOW)).toThrow(UnknownSymbolError);
  });

  for (const seed of [1, 42]) {
    for (const { symbol, tickSize, stepSize } of SANDBOX_SYMBOLS) {
      it(`holds its invariants for ${symbol} (seed ${seed})`, () => {
        const t = ticker24h(seed, symbol, NOW);
        const open = new Dec(t.openPrice);
        const last = new Dec(t.lastPrice);
        expect(t.openPrice).toBe(spotPriceAt(seed, symbol, NOW - DAY_MS));
        expect(t.lastPrice).toBe(spotPriceAt(seed, symbol, NOW));
        expect(t.openTime).toBe(NOW - DAY_MS);
        expect(t.closeTime).toBe(NOW);
        expect(new Dec(t.priceChange).eq(last.minus(open))).toBe(true);
        expect(t.priceChangePercent).toMatch(/^-?\d+\.\d{6}$/);
        expect(t.priceChangePercent).toBe(last.minus(open).div(open).toDecimalPlaces(6, Dec.ROUND_HALF_UP).toFixed(6));
        const high = new Dec(t.highPrice);
        const low = new Dec(t.lowPrice);
        for (const p of [open, last]) {
          expect(low.lte(p)).toBe(true);
          expect(p.lte(high)).toBe(true);
        }
        const bid = new Dec(t.bidPrice);
        const ask = new Dec(t.askPrice);
        expect(bid.lt(ask)).toBe(true);
        expect(last.minus(bid).abs().lte(new Dec(tickSize).times(2))).toBe(true);
        expect(ask.minus(last).abs().lte(new Dec(tickSize).times(2))).toBe(true);
        for (const q of [t.bidQty, t.askQty, t.volume]) {
          expect(new Dec(q).mod(stepSize).isZero()).toBe(true);
          expect(new Dec(q).gt(0)).toBe(true);
        }
        // quoteVolume / volume is an average price inside [low, high].
        const avg = new Dec(t.quoteVolume).div(t.volume);
        expect(avg.gte(low.times(0.999))).toBe(true);
        expect(avg.lte(high.times(1.001))).toBe(true);
        expect(Number.isInteger(t.count) && t.count > 0).toBe(true);
      });
    }
  }

  it("gives BTC far more turnover than TRX", () => {
    const btc = new Dec(ticker24h(3, "BTCUSDT", NOW).quoteVolume);
    const trx = new Dec(ticker24h(3, "TRXUSDT", NOW).quoteVolume);
    expect(btc.gt(trx.times(10))).toBe(true);
  });
});
