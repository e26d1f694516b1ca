/**
 * Public shapes of the sandbox affiliate world (consumed by the affiliate HTTP
 * handlers) and the internal per-invitee profile the generators share.
 *
 * Fields marked "internal" are not part of the exchange's wire format; the
 * handlers drop them (or use them, e.g. `availableAt` for visibility).
 */
import type { COMMISSION_COINS, PRODUCT_TYPES, SOURCE_TYPES } from "../../../weex/schema/enums";

export interface AffiliateWorldOptions {
  /** Seed of every random draw. Default 42. */
  seed: number;
  /** About this many sign-ups over the first `days` days. Default 1500. */
  invitees: number;
  /** History length in UTC days before the day of `createdAt`. Default 400. */
  days: number;
  /** Number of sub-affiliates. Default 15. */
  subAffiliates: number;
  /** When true, items of the last 2 days get late-fee restatements. Default false. */
  restate: boolean;
  /**
   * internal: plant invitee-quality cases (plant.ts). Default true; false only to compare a world
   * with and without them (tests).
   */
  plant?: boolean;
}

export const DEFAULT_AFFILIATE_WORLD_OPTIONS: Readonly<AffiliateWorldOptions> = Object.freeze({
  seed: 42,
  invitees: 1500,
  days: 400,
  subAffiliates: 15,
  restate: false,
});

export interface InvitedUserRecord {
  uid: string;
  registerTime: number;
  kycResult: boolean;
  inviteCode: string;
  firstDeposit: number | null;
  lastDeposit: number | null;
  firstTrade: number | null;
  lastTrade: number | null;
  /** internal: null for direct invitees */
  subAffiliateUid: string | null;
}

export type CommissionCoin = (typeof COMMISSION_COINS)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** 1 = direct client, 2 = sub-agent (spec 2.9). */
export type SourceType = (typeof SOURCE_TYPES)[number];

export interface CommissionRecord {
  uid: string;
  /** UTC day start, ms */
  date: number;
  coin: CommissionCoin;
  productType: ProductType;
  symbol: string;
  /** Net trading fee, in `coin`. */
  fee: string;
  /** fee × rate, exactly. */
  commission: string;
  rate: string;
  sourceType: SourceType;
  /** Taker volume in USDT (quote), whatever `coin` is. */
  takerAmount: string;
  /** Maker volume in USDT (quote), whatever `coin` is. */
  makerAmount: string;
  /** internal: when the item becomes visible (ms) */
  availableAt: number;
}

export interface SubAffiliateRecord {
  subAffiliateUid: string;
  productType: ProductType;
  /** YYYY-MM-DD (UTC) */
  date: string;
  tradingVolume: string;
  netTradingFee: string;
  paidCommission: string;
}

export interface TradeAndAssetRecord {
  uid: string;
  depositAmount: string;
  withdrawalAmount: string;
  spotTradingAmount: string;
  futuresTradingAmount: string;
  commission: string;
}

export interface TradeAndAssetQuery {
  uid?: string;
  startTime?: number;
  endTime?: number;
}

export interface AffiliateWorld {
  /** The affiliate account's own uid (digits). */
  readonly affiliateUid: string;
  readonly subAffiliateUids: readonly string[];
  /** Registered at or before now, sorted by registerTime asc then uid. */
  invitedUsers(now: number): readonly InvitedUserRecord[];
  /** Visible at now, sorted by date asc, then uid, productType, coin, symbol. */
  commissionItems(now: number): readonly CommissionRecord[];
  /** Visible at now, sorted by date asc then subAffiliateUid, productType. */
  subAffiliateRecords(now: number): readonly SubAffiliateRecord[];
  /** One per invitee with any activity in range, sorted by uid. */
  tradeAndAsset(now: number, q: TradeAndAssetQuery): TradeAndAssetRecord[];
  /**
   * Forces a late-fee restatement of that UTC day's items visible at now
   * (effective for queries at or after now); returns how many items changed.
   */
  restateDay(dayStartMs: number, now: number): number;
  /**
   * internal, never on the wire: the invitees changed to show each invitee-quality flag (plant.ts),
   * by flag. Draws the world's sign-ups up to its createdAt day to know them.
   */
  planted(): Readonly<PlantedInvitees>;
}

/** Uids planted per invitee-quality flag (the app's flag kinds, lib/invitee-flags/types.ts). */
export interface PlantedInvitees {
  low_fee: string[];
  round_trip: string[];
  signup_burst: string[];
  commission_collapse: string[];
}

/** internal: how a planted trader departs from its drawn profile (plant.ts). */
export interface TraderPlant {
  /** Net fee × this (rounded to 8 dp). */
  feeScale?: number;
  /** No decay of trading probability or volume with age. */
  steady?: boolean;
  /** From this world day on, the affiliate earns these rates instead. */
  rateCut?: { fromDay: number; spotRate: string; futuresRate: string };
}

/** A deposit or withdrawal of an invitee, in USDT. */
export interface MoneyEvent {
  time: number;
  amount: string;
}

export type TraderTier = "casual" | "active" | "whale";

/** Trading behaviour of an invitee who trades. */
export interface TraderProfile {
  tier: TraderTier;
  /** Time of the first trade (ms); its day gets the invitee's first items. */
  firstTradeTime: number;
  /** World day index of the first trade. */
  firstTradeDay: number;
  /** Last world day index on which the trader may still trade (dormant afterwards). */
  lastActiveDay: number;
  /** Probability of trading on an active day after the first. */
  tradeProb: number;
  /** Typical daily volume in USDT (a float used only to draw magnitudes). */
  baseVolume: number;
  /** Share of volume on futures (0 = spot only, 1 = futures only). */
  futuresShare: number;
  /** Probability that an item's commission is paid in BTC. */
  btcCoinProb: number;
  /** Per-symbol preference weights (aligned with SANDBOX_SYMBOLS). */
  symbolWeights: number[];
  /** Trading fee rates of the fee schedule (fractions; only used to draw fee magnitudes). */
  spotTakerFee: number;
  spotMakerFee: number;
  futuresTakerFee: number;
  futuresMakerFee: number;
  /** Rebate rates the affiliate earns on this invitee (decimal strings). */
  spotRate: string;
  futuresRate: string;
  /** Typical taker share of volume. */
  takerShare: number;
  /** internal: set on planted invitees only. */
  plant?: TraderPlant;
}

/** Internal state of one invitee: drawn at sign-up, trade days appended as days are generated. */
export interface Invitee {
  uid: string;
  /** World day index of registration. */
  day: number;
  registerTime: number;
  inviteCode: string;
  subAffiliateUid: string | null;
  /** When KYC passed (null: never). */
  kycTime: number | null;
  /** Sorted by time; the first is the first deposit. */
  deposits: MoneyEvent[];
  /** Sorted by time. */
  withdrawals: MoneyEvent[];
  trader: TraderProfile | null;
  /** Time of the (last) trade on each trade day, ascending; one entry per day with items. */
  tradeTimes: number[];
  /** availableAt of that day's items (aligned with tradeTimes). */
  tradeAvailableAt: number[];
}

export interface SubAffiliate {
  uid: string;
  inviteCode: string;
  /** Relative share of the sub-affiliate invitees. */
  weight: number;
  /** World day index from which the sub-affiliate brings invitees. */
  startDay: number;
  /** The sub-affiliate's own share of the net trading fee (decimal strings, 2 dp). */
  spotShare: string;
  futuresShare: string;
  /** The affiliate's (override) rebate rate on this sub-affiliate's invitees. */
  spotRate: string;
  futuresRate: string;
}

/** The options with defaults filled in and counts made whole; throws on negative counts. */
export function completeWorldOptions(opts: AffiliateWorldOptions): AffiliateWorldOptions {
  const full: AffiliateWorldOptions = { ...DEFAULT_AFFILIATE_WORLD_OPTIONS };
  for (const key of Object.keys(full) as Array<keyof AffiliateWorldOptions>) {
    const v = (opts as Partial<AffiliateWorldOptions>)[key];
    if (v !== undefined) (full as unknown as Record<string, unknown>)[key] = v;
  }
  full.plant = opts.plant !== false;
  full.days = Math.floor(full.days);
  full.subAffiliates = Math.floor(full.subAffiliates);
  if (!(full.days >= 0) || !(full.invitees >= 0) || !(full.subAffiliates >= 0)) {
    throw new Error("createAffiliateWorld: days, invitees and subAffiliates must be ≥ 0");
  }
  return full;
}
