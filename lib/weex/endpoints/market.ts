/** Public market endpoints of the spot host (spec 4.1): no signature, IP weight only. */
import { z } from "zod";
import { SYMBOL_STATUSES } from "../schema/enums";
import { oneOf, symbol, symbolList } from "../schema/request-fields";
import { decimalOut, intOut, loose, millisOut, openEnum } from "../schema/response-fields";
import { defineEndpoint } from "./define";
import { mutuallyExclusive } from "./rules";

/** Symbol definition (spec 2.6), plus tickSize/stepSize the real exchange sends (addendum). */
export const symbolDefinitionSchema = loose({
  symbol: z.string(),
  status: openEnum(SYMBOL_STATUSES),
  baseAsset: z.string(),
  baseAssetPrecision: intOut(),
  quoteAsset: z.string(),
  quoteAssetPrecision: intOut(),
  minTradeAmount: decimalOut(),
  maxTradeAmount: decimalOut(),
  takerFeeRate: decimalOut(),
  makerFeeRate: decimalOut(),
  buyLimitPriceRatio: decimalOut(),
  sellLimitPriceRatio: decimalOut(),
  marketBuyLimitSize: decimalOut(),
  marketSellLimitSize: decimalOut(),
  marketFallbackPriceRatio: decimalOut(),
  enableTrade: z.boolean(),
  enableDisplay: z.boolean(),
  displayDigitMerge: z.string(),
  displayNew: z.boolean(),
  displayHot: z.boolean(),
  tickSize: decimalOut().optional(),
  stepSize: decimalOut().optional(),
});

/** 24h ticker (spec 2.7). priceChangePercent is a fraction: -0.033811 is -3.38 % (addendum). */
export const tickerSchema = loose({
  symbol: z.string(),
  priceChange: decimalOut(),
  priceChangePercent: decimalOut(),
  lastPrice: decimalOut(),
  bidPrice: decimalOut(),
  bidQty: decimalOut(),
  askPrice: decimalOut(),
  askQty: decimalOut(),
  openPrice: decimalOut(),
  highPrice: decimalOut(),
  lowPrice: decimalOut(),
  volume: decimalOut(),
  quoteVolume: decimalOut(),
  openTime: millisOut(),
  closeTime: millisOut(),
  count: millisOut(),
});

export const exchangeInfo = defineEndpoint({
  id: "exchangeInfo",
  title: "Exchange information",
  method: "GET",
  host: "spot",
  path: "/api/v3/exchangeInfo",
  weight: { ip: 20, uid: 0 },
  category: "public",
  request: z
    .strictObject({
      symbol: symbol().optional(),
      symbols: symbolList().optional(),
      symbolStatus: oneOf(SYMBOL_STATUSES).optional(),
    })
    .superRefine(mutuallyExclusive("symbol", "symbols")),
  response: loose({
    timezone: z.string(),
    serverTime: millisOut(),
    symbols: z.array(symbolDefinitionSchema),
  }),
});

export const ticker24hr = defineEndpoint({
  id: "ticker24hr",
  title: "24hr ticker price change statistics",
  method: "GET",
  host: "spot",
  path: "/api/v3/market/ticker/24hr",
  weight: { ip: 2, uid: 0 },
  category: "public",
  request: z
    .strictObject({
      symbol: symbol().optional(),
      symbols: symbolList().optional(),
    })
    .superRefine(mutuallyExclusive("symbol", "symbols")),
  // One object when `symbol` is given, an array otherwise: the client normalises neither away.
  response: z.union([tickerSchema, z.array(tickerSchema)]),
});
