import { describe, expect, it } from "vitest";
import { notValuedSentence, pricesSentence, type PricesUsed } from "./words";

const base: PricesUsed = { basis: "utc", symbols: ["BTCUSDT"], asOf: "2026-11-27T00:05:00.000Z", provisional: false, source: "synced", notValued: [] };
const amount = (v: string, coin: string) => `${v} ${coin}`;

describe("how a USDT value says what it is made of", () => {
  it("names the coins, the pairs, the close of the basis and the prices' instant", () => {
    expect(pricesSentence(base)).toBe("BTC valued at each day's close of BTCUSDT (00:00 UTC); prices as of 2026-11-27 00:05 UTC.");
    expect(pricesSentence({ ...base, basis: "utc8", provisional: true })).toBe(
      "BTC valued at each day's close of BTCUSDT (00:00 UTC+8); prices as of 2026-11-27 00:05 UTC (today's is the latest price, not yet its close).",
    );
    // Every amount in USDT: nothing was valued, nothing to say.
    expect(pricesSentence({ ...base, symbols: [], asOf: null })).toBeNull();
  });

  it("says what was not valued and why: a day without a close, prices not read yet, or none served", () => {
    expect(notValuedSentence(base, amount)).toBeNull();
    const missing = { ...base, notValued: [{ coin: "BTC", commission: "0.0001", days: 3 }] };
    expect(notValuedSentence(missing, amount)).toBe("Not valued, so no total: 0.0001 BTC (no BTCUSDT close held for 3 days).");
    expect(notValuedSentence({ ...missing, source: "not-yet" }, amount)).toBe("Not valued yet: the sync reads the daily prices after the history, so 0.0001 BTC has no USDT value for now.");
    expect(notValuedSentence({ ...missing, source: "not-available" }, amount)).toBe("Not valued: this exchange serves no daily prices (K-lines), so 0.0001 BTC has no USDT value.");
  });
});
