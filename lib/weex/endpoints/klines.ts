/**
 * Spot K-lines: outside the V3 contract, described by the addendum ("Public market data the contract
 * leaves out"). Public, weight 2 per call (as the 24 h ticker; the contract states none), at most 1000
 * candles a call. A deployment may not serve it (404 / unknown path): callers must cope (lib/sync/prices).
 */
import { z } from "zod";
import { int, oneOf, symbol, timestamp } from "../schema/request-fields";
import { decimalOut, millisOut } from "../schema/response-fields";
import { defineEndpoint } from "./define";
import { timeWindow } from "./rules";

/** Fixed-length intervals (ms): minute, hour and day candles. Weeks and months are left out (nothing here uses them). */
export const KLINE_INTERVAL_MS = {
  "1m": 60_000,
  "5m": 300_000,
  "15m": 900_000,
  "30m": 1_800_000,
  "1h": 3_600_000,
  "4h": 14_400_000,
  "12h": 43_200_000,
  "1d": 86_400_000,
} as const;
export type KlineInterval = keyof typeof KLINE_INTERVAL_MS;
export const KLINE_INTERVALS = Object.keys(KLINE_INTERVAL_MS) as [KlineInterval, ...KlineInterval[]];
export const KLINES_MAX_LIMIT = 1000;

/**
 * One candle: `[openTime, open, high, low, close, volume, ...extra]`. Prices and volume come as strings or
 * numbers (our lossless parser keeps a number's digits) and leave as decimal strings; extra entries are kept.
 */
export const candleSchema = z
  .tuple([millisOut(), decimalOut(), decimalOut(), decimalOut(), decimalOut(), decimalOut()])
  .rest(z.unknown());
export type Candle = z.output<typeof candleSchema>;

export const klines = defineEndpoint({
  id: "klines",
  title: "Spot K-lines (addendum)",
  method: "GET",
  host: "spot",
  path: "/api/v3/market/klines",
  weight: { ip: 2, uid: 0 },
  category: "public",
  source: "addendum",
  request: z
    .strictObject({
      symbol: symbol(),
      interval: oneOf(KLINE_INTERVALS),
      startTime: timestamp().optional(),
      endTime: timestamp().optional(),
      limit: int({ min: 1, max: KLINES_MAX_LIMIT }).optional(),
    })
    .superRefine(timeWindow()),
  // Oldest first (the addendum).
  response: z.array(candleSchema),
});
