/** The contract endpoints, served by the calling account's order simulator. */
import { SandboxRefusal } from "../refusal";
import { accountOf } from "./require";
import type { HandlerTable } from "./types";

type ContractIds = "contractPlaceOrder" | "contractGetOrder" | "contractBatchCancel" | "placeTpSlOrder" | "allAlgoOrders";

export const contractHandlers: Pick<HandlerTable, ContractIds> = {
  contractPlaceOrder: ({ params, account, world }) => world.contractSimulator(accountOf(account)).placeOrder(params),
  contractGetOrder: ({ params, account, world }) => {
    const order = world.contractSimulator(accountOf(account)).getOrder(BigInt(params.orderId));
    if (!order) throw new SandboxRefusal("CONTRACT_ORDER_NOT_FOUND", 400);
    return order;
  },
  // The contract's shape: a bare array, one result per requested element.
  contractBatchCancel: ({ params, account, world }) =>
    world.contractSimulator(accountOf(account)).cancelBatch({
      ...(params.orderIdList?.length ? { orderIdList: params.orderIdList.map((id) => BigInt(id)) } : {}),
      ...(params.origClientOrderIdList?.length ? { origClientOrderIdList: params.origClientOrderIdList } : {}),
    }),
  placeTpSlOrder: ({ params, account, world }) => world.contractSimulator(accountOf(account)).placeTpSl(params),
  allAlgoOrders: ({ params, account, world }) =>
    world.contractSimulator(accountOf(account)).algoOrders({
      ...(params.symbol !== undefined ? { symbol: params.symbol } : {}),
      ...(params.startTime !== undefined ? { startTime: params.startTime } : {}),
      ...(params.endTime !== undefined ? { endTime: params.endTime } : {}),
      limit: params.limit,
    }),
};
