/** The signed spot endpoints: account, bills and orders of the calling account. */
import { findSandboxSymbol } from "../data/symbols";
import { SandboxRefusal } from "../refusal";
import { SpotRequestError } from "../spot";
import { accountOf } from "./require";
import type { HandlerTable } from "./types";

function requireSpotSymbol(symbol: string): string {
  if (!findSandboxSymbol(symbol)) throw new SandboxRefusal("SPOT_SYMBOL_NOT_FOUND", 400, `spot symbol does not exist: ${symbol}`);
  return symbol;
}

type SpotIds = "account" | "accountBills" | "fundingBills" | "spotGetOrder" | "spotOpenOrders" | "spotAllOrders" | "spotBatchOrders";

export const spotHandlers: Pick<HandlerTable, SpotIds> = {
  account: ({ account, world, now }) => {
    const info = world.spotAccount(accountOf(account)).account(now);
    return { ...info, uid: BigInt(info.uid) };
  },
  accountBills: ({ params, account, world }) =>
    world.spotAccount(accountOf(account)).bills({
      ...(params.coinId !== undefined ? { coinId: params.coinId } : {}),
      ...(params.bizType !== undefined ? { bizType: params.bizType } : {}),
      ...(params.after !== undefined ? { after: BigInt(params.after) } : {}),
      ...(params.before !== undefined ? { before: BigInt(params.before) } : {}),
      limit: params.limit,
    }),
  fundingBills: ({ params, account, world }) =>
    world.spotAccount(accountOf(account)).fundingBills({
      ...(params.coinId !== undefined ? { coinId: params.coinId } : {}),
      ...(params.bizType !== undefined ? { bizType: params.bizType } : {}),
      ...(params.startTime !== undefined ? { startTime: params.startTime } : {}),
      ...(params.endTime !== undefined ? { endTime: params.endTime } : {}),
      pageIndex: params.pageIndex,
      pageSize: params.pageSize,
    }),
  spotGetOrder: ({ params, account, world }) => {
    const order = world.spotAccount(accountOf(account)).findOrder({
      ...(params.orderId !== undefined ? { orderId: BigInt(params.orderId) } : {}),
      ...(params.origClientOrderId !== undefined ? { origClientOrderId: params.origClientOrderId } : {}),
    });
    if (!order) throw new SandboxRefusal("SPOT_ORDER_NOT_FOUND", 400);
    return order;
  },
  spotOpenOrders: ({ params, account, world }) =>
    world.spotAccount(accountOf(account)).openOrders(params.symbol === undefined ? undefined : requireSpotSymbol(params.symbol)),
  spotAllOrders: ({ params, account, world }) =>
    world.spotAccount(accountOf(account)).allOrders({
      symbol: requireSpotSymbol(params.symbol),
      ...(params.startTime !== undefined ? { startTime: params.startTime } : {}),
      ...(params.endTime !== undefined ? { endTime: params.endTime } : {}),
      limit: params.limit,
      page: params.page,
    }),
  spotBatchOrders: ({ params, account, world, now }) => {
    try {
      const orderList = world.spotAccount(accountOf(account)).placeBatch(requireSpotSymbol(params.symbol), params.orderList, now);
      return { orderList };
    } catch (error) {
      // Symbol-specific rules (step and tick precision, size limits) refuse the whole request.
      if (error instanceof SpotRequestError) throw new SandboxRefusal(error.code, 400, error.message);
      throw error;
    }
  },
};
