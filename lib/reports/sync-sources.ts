/**
 * The sync reports (sync_state keys) analytics reports read, named once: each
 * report's definition (lib/reports/<name>/index.ts) lists its own, and
 * coverage-sources.ts turns them into the view's coverage.
 */
import "server-only";
import { fullReadRow } from "../sync/state";
import type { ProductType } from "./filters";

export const INVITED_USERS = "getAffiliateUIDs";
/** Invitees' milestones (KYC, first and last deposit and trade): as fresh as the last full read of invited users. */
export const MILESTONES = fullReadRow(INVITED_USERS);
export const TRADE_ASSETS = "getChannelUserTradeAndAsset";
export const commissionSources = (product?: ProductType): string[] =>
  product ? [`getAffiliateCommission:${product}`] : ["getAffiliateCommission:SPOT", "getAffiliateCommission:FUTURES"];
export const subAffiliateSources = (product?: ProductType): string[] =>
  product ? [`querySubChannelTransactions:${product}`] : ["querySubChannelTransactions:SPOT", "querySubChannelTransactions:FUTURES"];
