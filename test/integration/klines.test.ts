/**
 * The spot K-lines of the sandbox over real HTTP, through our client and raw: the same price walk as
 * the ticker (last candle close == ticker last at one instant), daily closes at the next day's 00:00
 * UTC price, hourly closes, startTime/endTime/limit, refusals like the other public endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "../../lib/sandbox";
import { spotPriceAt } from "../../lib/sandbox/data/price-walk";
import type { WeexClient } from "../../lib/weex/client";
import { ERROR_CODES, WeexError } from "../../lib/weex/errors";
import { clientFor, startTestSandbox } from "../support/exchange";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** A fixed sandbox clock, so the ticker and the candles are read at the same instant. */
const NOW = Date.UTC(2026, 2, 14, 9, 26, 53, 589);

let sandbox: RunningSandbox;
let client: WeexClient;
beforeAll(async () => {
  sandbox = await startTestSandbox({ budget: 100_000, now: () => NOW });
  client = clientFor(sandbox, "affiliate", { syncClock: false, now: () => NOW });
});
afterAll(() => sandbox.close());

describe("GET /api/v3/market/klines (sandbox)", () => {
  it("the last candle closes at the ticker's last price", async () => {
    for (const symbol of ["BTCUSDT", "ETHUSDT", "DOGEUSDT"]) {
      const ticker = await client.call("ticker24hr", { symbol });
      const lastPrice = Array.isArray(ticker) ? undefined : ticker.lastPrice;
      for (const interval of ["1d", "1h", "1m"] as const) {
        const candles = await client.call("klines", { symbol, interval, limit: 3 });
        expect(candles.at(-1)?.[4], `${symbol} ${interval}`).toBe(lastPrice);
      }
    }
  });

  it("a daily close is the walk's price at 00:00 UTC of the next day; hourly closes at the next hour", async () => {
    const days = await client.call("klines", { symbol: "BTCUSDT", interval: "1d", limit: 1000 });
    expect(days).toHaveLength(1000);
    const closed = days.slice(0, -1);
    for (const [i, c] of closed.entries()) {
      expect(c[0] % DAY).toBe(0);
      expect(c[4]).toBe(spotPriceAt(sandbox.options.seed, "BTCUSDT", c[0] + DAY));
      // Candles follow each other: this close is the next open.
      expect(days[i + 1]?.[1]).toBe(c[4]);
    }
    const hours = await client.call("klines", { symbol: "ETHUSDT", interval: "1h", startTime: NOW - 2 * DAY, limit: 24 });
    expect(hours[0]?.[0]).toBe(Math.ceil((NOW - 2 * DAY) / HOUR) * HOUR);
    for (const c of hours) expect(c[4]).toBe(spotPriceAt(sandbox.options.seed, "ETHUSDT", c[0] + HOUR));
  });

  it("startTime, endTime and limit are honoured; oldest first", async () => {
    const from = Date.UTC(2026, 0, 1);
    const to = Date.UTC(2026, 0, 31);
    const january = await client.call("klines", { symbol: "SOLUSDT", interval: "1d", startTime: from, endTime: to });
    expect(january.map((c) => c[0])).toEqual(Array.from({ length: 31 }, (_, i) => from + i * DAY));
    const five = await client.call("klines", { symbol: "SOLUSDT", interval: "1d", startTime: from, endTime: to, limit: 5 });
    expect(five).toEqual(january.slice(0, 5));
    const future = await client.call("klines", { symbol: "SOLUSDT", interval: "1d", startTime: NOW + DAY });
    expect(future).toEqual([]);
  });

  it("the raw answer is a bare array of arrays with prices as strings and extra entries", async () => {
    const res = await fetch(`${sandbox.url}/api/v3/market/klines?symbol=XRPUSDT&interval=1d&limit=2`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as unknown[][];
    expect(body).toHaveLength(2);
    for (const c of body) {
      expect(c.length).toBeGreaterThan(6);
      expect(typeof c[0]).toBe("number");
      for (const v of c.slice(1, 6)) expect(v).toMatch(/^\d+(\.\d+)?$/);
    }
    const viaClient = await client.call("klines", { symbol: "XRPUSDT", interval: "1d", limit: 2 });
    expect(viaClient).toEqual(body);
  });

  it("refuses an unknown symbol as the ticker does", async () => {
    for (const path of ["/api/v3/market/klines?interval=1d&symbol=FOOUSDT", "/api/v3/market/ticker/24hr?symbol=FOOUSDT"]) {
      const res = await fetch(`${sandbox.url}${path}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: ERROR_CODES.INVALID_SYMBOL.code, msg: expect.any(String) });
    }
  });

  it("a sandbox without K-lines answers 404 like an unknown path, and the client reports it", async () => {
    const bare = await startTestSandbox({ klinesEnabled: false });
    try {
      const res = await fetch(`${bare.url}/api/v3/market/klines?symbol=BTCUSDT&interval=1d`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: ERROR_CODES.UNKNOWN.code, msg: "no endpoint GET /api/v3/market/klines" });
      expect(res.headers.get("x-sandbox-used-weight-ip")).toBe("0");
      const error = await clientFor(bare, "affiliate", { syncClock: false })
        .call("klines", { symbol: "BTCUSDT", interval: "1d" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WeexError);
      expect(error).toMatchObject({ kind: "refused", status: 404 });
    } finally {
      await bare.close();
    }
  });
});
