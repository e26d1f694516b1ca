import { describe, expect, it } from "vitest";
import { spotPriceAt } from "../data/price-walk";
import { Dec } from "./decimal";
import { candleOpenTimes, klinesAt } from "./klines";
import { DAY_MS, ticker24h, UnknownSymbolError } from "./ticker";

const NOW = Date.UTC(2025, 5, 1, 12, 34, 56, 789);
const HOUR = 3_600_000;

describe("sandbox K-lines", () => {
  it("daily closes are the walk's price at 00:00 UTC of the next day; the last closes at the ticker's last price", () => {
    const candles = klinesAt(42, { symbol: "BTCUSDT", interval: "1d", limit: 30 }, NOW);
    expect(candles).toHaveLength(30);
    const today = Date.UTC(2025, 5, 1);
    expect(candles.at(-1)?.[0]).toBe(today);
    for (const c of candles.slice(0, -1)) {
      expect(c[0] % DAY_MS).toBe(0);
      expect(c[4]).toBe(spotPriceAt(42, "BTCUSDT", c[0] + DAY_MS));
    }
    expect(candles.at(-1)?.[4]).toBe(ticker24h(42, "BTCUSDT", NOW).lastPrice);
  });

  it("each candle opens at the walk's price of its open time, within its high and low", () => {
    for (const c of klinesAt(7, { symbol: "DOGEUSDT", interval: "1h", limit: 48 }, NOW)) {
      expect(c[1]).toBe(spotPriceAt(7, "DOGEUSDT", c[0]));
      const [open, high, low, close] = [c[1], c[2], c[3], c[4]].map((v) => new Dec(v));
      expect(high!.gte(Dec.max(open!, close!)) && low!.lte(Dec.min(open!, close!))).toBe(true);
      expect(new Dec(c[5]).gt(0)).toBe(true);
      expect(c[6]).toBe(c[0] + HOUR - 1);
    }
  });

  it("minute candles: high and low are exact (the walk is linear inside a minute)", () => {
    for (const c of klinesAt(3, { symbol: "ETHUSDT", interval: "1m", limit: 10, endTime: NOW - HOUR }, NOW)) {
      const ends = [c[1], c[4]].map((v) => new Dec(v));
      expect(c[2]).toBe(Dec.max(...ends).toFixed(2));
      expect(c[3]).toBe(Dec.min(...ends).toFixed(2));
    }
  });

  it("startTime rounds up to the interval, endTime and now bound the last, limit counts from the start", () => {
    const start = Date.UTC(2025, 4, 10, 5);
    expect(candleOpenTimes({ interval: "1d", startTime: start, limit: 3 }, NOW)).toEqual([1, 2, 3].map((d) => Date.UTC(2025, 4, 10 + d)));
    expect(candleOpenTimes({ interval: "1d", startTime: start, endTime: Date.UTC(2025, 4, 12) }, NOW)).toEqual([Date.UTC(2025, 4, 11), Date.UTC(2025, 4, 12)]);
    expect(candleOpenTimes({ interval: "1h", endTime: NOW + DAY_MS, limit: 2 }, NOW)).toEqual([Date.UTC(2025, 5, 1, 11), Date.UTC(2025, 5, 1, 12)]);
    expect(candleOpenTimes({ interval: "1h", startTime: NOW + HOUR }, NOW)).toEqual([]);
    expect(candleOpenTimes({ interval: "1m" }, NOW)).toHaveLength(500);
  });

  it("rejects a symbol it does not list", () => {
    expect(() => klinesAt(1, { symbol: "FOOUSDT", interval: "1d" }, NOW)).toThrow(UnknownSymbolError);
  });
});
