/** Affiliate report endpoints of the spot host (spec 4.3): signed, affiliate accounts only. */
import { z } from "zod";
import { COMMISSION_COINS, PRODUCT_TYPES } from "../schema/enums";
import { int, longId, oneOf, timestamp } from "../schema/request-fields";
import { decimalOut, idOut, intOut, loose, millisOut, openEnum } from "../schema/response-fields";
import { defineEndpoint } from "./define";
import { timeWindow } from "./rules";

export const AFFILIATE_PAGE_SIZE = { default: 100 } as const;
export const COMMISSION_RANGE = { kind: "months", months: 3 } as const;
export const COMMISSION_DEFAULT_LOOKBACK_MS = 7 * 86_400_000;
/** getAffiliateUIDs / getChannelUserTradeAndAsset: 90-day windows in public docs, not in our contract. */
const ADVISORY_90_DAYS = { kind: "days", days: 90 } as const;

const pageParams = {
  page: int({ min: 1 }).default(1),
  pageSize: int({ min: 1 }).default(AFFILIATE_PAGE_SIZE.default),
};

/** getAffiliateUIDs and getChannelUserTradeAndAsset take the same parameters. */
const uidWindowPageRequest = z
  .strictObject({ uid: longId().optional(), startTime: timestamp().optional(), endTime: timestamp().optional(), ...pageParams })
  .superRefine(timeWindow());

/** Commission item (spec 2.9); `date` was `dealTime` in one version of the docs: either is read as `date`. */
export const commissionItemSchema = loose({
  uid: idOut(),
  date: millisOut().optional(),
  dealTime: millisOut().optional(),
  coin: openEnum(COMMISSION_COINS),
  productType: openEnum(PRODUCT_TYPES),
  fee: decimalOut(),
  commission: decimalOut(),
  rate: decimalOut(),
  symbol: z.string(),
  sourceType: intOut(),
  takerAmount: decimalOut(),
  makerAmount: decimalOut(),
})
  .refine((v) => v.date !== undefined || v.dealTime !== undefined, "commission item without date")
  .transform(({ dealTime, ...rest }) => ({ ...rest, date: (rest.date ?? dealTime) as number }));

/** A milestone time that may be absent (null or 0) until it happens. */
const milestone = () => millisOut().nullish().transform((v) => (v ? v : null));

export const invitedUserSchema = loose({
  uid: idOut(),
  registerTime: millisOut(),
  kycResult: z.boolean(),
  inviteCode: z.string(),
  firstDeposit: milestone(),
  lastDeposit: milestone(),
  firstTrade: milestone(),
  lastTrade: milestone(),
});

export const subAffiliateRecordSchema = loose({
  subAffiliateUid: idOut(),
  productType: openEnum(PRODUCT_TYPES),
  /** A UTC calendar day. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "not a day (YYYY-MM-DD)"),
  tradingVolume: decimalOut(),
  netTradingFee: decimalOut(),
  paidCommission: decimalOut(),
});

export const tradeAndAssetRecordSchema = loose({
  uid: idOut(),
  depositAmount: decimalOut(),
  withdrawalAmount: decimalOut(),
  spotTradingAmount: decimalOut(),
  futuresTradingAmount: decimalOut(),
  commission: decimalOut(),
});

export const getAffiliateCommission = defineEndpoint({
  id: "getAffiliateCommission",
  title: "Affiliate commission",
  method: "GET",
  host: "spot",
  path: "/api/v3/rebate/affiliate/getAffiliateCommission",
  weight: { ip: 20, uid: 20 },
  category: "AFFILIATE",
  request: z
    .strictObject({
      uid: longId().optional(),
      startTime: timestamp().optional(),
      endTime: timestamp().optional(),
      coin: oneOf(COMMISSION_COINS).optional(),
      productType: oneOf(PRODUCT_TYPES).default("SPOT"),
      ...pageParams,
    })
    .superRefine(timeWindow(COMMISSION_RANGE)),
  response: loose({
    channelCommissionInfoItems: z.array(commissionItemSchema),
    pages: intOut(),
    pageSize: intOut(),
    total: intOut(),
  }),
  range: COMMISSION_RANGE,
  defaultLookbackMs: COMMISSION_DEFAULT_LOOKBACK_MS,
  paging: { style: "numbered", pageParam: "page", sizeParam: "pageSize", size: AFFILIATE_PAGE_SIZE.default, itemsField: "channelCommissionInfoItems", pagesField: "pages", totalField: "total" },
});

export const querySubChannelTransactions = defineEndpoint({
  id: "querySubChannelTransactions",
  title: "Sub-affiliate volume, fees and commission",
  method: "POST",
  host: "spot",
  path: "/api/v3/rebate/affiliate/querySubChannelTransactions",
  weight: { ip: 10, uid: 10 },
  category: "AFFILIATE",
  request: z
    .strictObject({
      subUid: longId().optional(),
      startTime: timestamp().nullish(),
      endTime: timestamp().nullish(),
      productType: oneOf(PRODUCT_TYPES),
      pageNum: int({ min: 1 }).default(1),
      pageSize: int({ min: 1 }).default(AFFILIATE_PAGE_SIZE.default),
    })
    .superRefine(timeWindow()),
  response: loose({
    records: z.array(subAffiliateRecordSchema),
    total: intOut(),
    size: intOut(),
    current: intOut(),
    pages: intOut(),
  }),
  paging: { style: "numbered", pageParam: "pageNum", sizeParam: "pageSize", size: AFFILIATE_PAGE_SIZE.default, itemsField: "records", pagesField: "pages", totalField: "total" },
});

export const getAffiliateUIDs = defineEndpoint({
  id: "getAffiliateUIDs",
  title: "Affiliate invited users",
  method: "GET",
  host: "spot",
  path: "/api/v3/rebate/affiliate/getAffiliateUIDs",
  weight: { ip: 20, uid: 20 },
  category: "AFFILIATE",
  request: uidWindowPageRequest,
  response: loose({
    channelUserInfoItemList: z.array(invitedUserSchema),
    pages: intOut(),
    pageSize: intOut(),
    total: intOut(),
  }),
  advisoryRange: ADVISORY_90_DAYS,
  paging: { style: "numbered", pageParam: "page", sizeParam: "pageSize", size: AFFILIATE_PAGE_SIZE.default, itemsField: "channelUserInfoItemList", pagesField: "pages", totalField: "total" },
});

export const getChannelUserTradeAndAsset = defineEndpoint({
  id: "getChannelUserTradeAndAsset",
  title: "Direct customer trading volume and asset analytics",
  method: "GET",
  host: "spot",
  path: "/api/v3/rebate/affiliate/getChannelUserTradeAndAsset",
  weight: { ip: 20, uid: 20 },
  category: "AFFILIATE",
  request: uidWindowPageRequest,
  response: loose({
    records: z.array(tradeAndAssetRecordSchema),
    pages: intOut(),
    pageSize: intOut(),
    total: intOut(),
  }),
  advisoryRange: ADVISORY_90_DAYS,
  paging: { style: "numbered", pageParam: "page", sizeParam: "pageSize", size: AFFILIATE_PAGE_SIZE.default, itemsField: "records", pagesField: "pages", totalField: "total" },
});
