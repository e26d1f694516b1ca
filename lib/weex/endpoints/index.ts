/**
 * The endpoints table: the single source of truth for the 18 endpoints of the
 * V3 interface, plus the spot K-lines the addendum describes (`source:
 * "addendum"`). The client, the sandbox, the proxy and the tests read it.
 */
import type { z } from "zod";
import * as affiliate from "./affiliate";
import * as contract from "./contract";
import * as klines from "./klines";
import type { EndpointDef } from "./define";
import * as market from "./market";
import * as spot from "./spot";

export const ENDPOINTS = {
  exchangeInfo: market.exchangeInfo,
  ticker24hr: market.ticker24hr,
  klines: klines.klines,
  account: spot.account,
  accountBills: spot.accountBills,
  fundingBills: spot.fundingBills,
  spotGetOrder: spot.spotGetOrder,
  spotOpenOrders: spot.spotOpenOrders,
  spotAllOrders: spot.spotAllOrders,
  spotBatchOrders: spot.spotBatchOrders,
  contractPlaceOrder: contract.contractPlaceOrder,
  contractGetOrder: contract.contractGetOrder,
  contractBatchCancel: contract.contractBatchCancel,
  placeTpSlOrder: contract.placeTpSlOrder,
  allAlgoOrders: contract.allAlgoOrders,
  getAffiliateCommission: affiliate.getAffiliateCommission,
  querySubChannelTransactions: affiliate.querySubChannelTransactions,
  getAffiliateUIDs: affiliate.getAffiliateUIDs,
  getChannelUserTradeAndAsset: affiliate.getChannelUserTradeAndAsset,
} as const;

export type Endpoints = typeof ENDPOINTS;
export type EndpointId = keyof Endpoints;
/** Parameters as a caller passes them (numbers or their text, ids as strings or bigints…). */
export type RequestInput<Id extends EndpointId> = z.input<Endpoints[Id]["request"]>;
/** Parameters after validation, defaults applied: what the sandbox serves from. */
export type RequestParams<Id extends EndpointId> = z.output<Endpoints[Id]["request"]>;
/** The parsed, typed response (ids as digit strings, decimals as strings). */
export type ResponseOf<Id extends EndpointId> = z.output<Endpoints[Id]["response"]>;

export const ENDPOINT_LIST: readonly EndpointDef[] = Object.values(ENDPOINTS);

export function isEndpointId(value: string): value is EndpointId {
  return Object.hasOwn(ENDPOINTS, value);
}

export function getEndpoint<Id extends EndpointId>(id: Id): Endpoints[Id] {
  return ENDPOINTS[id];
}

/** Finds the endpoint serving a method and path; `pathOnly` tells a wrong method from an unknown path. */
export function matchEndpoint(method: string, path: string): { endpoint?: EndpointDef; pathKnown: boolean } {
  const candidates = ENDPOINT_LIST.filter((e) => e.path === path);
  return { endpoint: candidates.find((e) => e.method === method), pathKnown: candidates.length > 0 };
}

export type { Category, EndpointDef, Host, HttpMethod, Paging } from "./define";
