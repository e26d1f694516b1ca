/**
 * Deterministic affiliate data of the sandbox exchange (invited users,
 * commission items, sub-affiliate records, trade-and-asset totals).
 */
export { createAffiliateWorld } from "./world";
export { DEFAULT_AFFILIATE_WORLD_OPTIONS } from "./types";
export type {
  AffiliateWorld,
  AffiliateWorldOptions,
  CommissionCoin,
  CommissionRecord,
  InvitedUserRecord,
  ProductType,
  SubAffiliateRecord,
  TradeAndAssetQuery,
  TradeAndAssetRecord,
} from "./types";
