/**
 * The contract endpoints, served by the calling account's order simulator.
 * Orders and TP/SL orders are first checked against the spot symbol's rules
 * (lib/weex/symbol-rules.ts: the interface has no contract symbol rules) and the
 * spot price the 24 h ticker shows, and refused at transport level with the
 * checker's code (-1160 precision / grid, -1140 out of range), as the real
 * exchange refuses what breaks its symbol rules.
 */
import { checkOrderRules, type OrderForRules } from "../../weex/symbol-rules";
import { spotPriceAt } from "../data/price-walk";
import { findSandboxSymbol } from "../data/symbols";
import { symbolDefinition } from "../market";
import { SandboxRefusal } from "../refusal";
import type { SandboxWorld } from "../world";
import { accountOf } from "./require";
import type { HandlerTable } from "./types";

type ContractIds = "contractPlaceOrder" | "contractGetOrder" | "contractBatchCancel" | "placeTpSlOrder" | "allAlgoOrders";

/** Throws the first broken symbol rule; an unknown symbol is left to the simulator (its own in-body refusal). */
function enforceSymbolRules(world: SandboxWorld, symbol: string, order: OrderForRules, now: number): void {
  const info = findSandboxSymbol(symbol);
  if (info === undefined) return;
  const [first] = checkOrderRules(order, symbolDefinition(info), spotPriceAt(world.options.seed, symbol, now));
  if (first) throw new SandboxRefusal(first.codeName, 400, first.msg);
}

export const contractHandlers: Pick<HandlerTable, ContractIds> = {
  contractPlaceOrder: ({ params, account, world, now }) => {
    const simulator = world.contractSimulator(accountOf(account));
    enforceSymbolRules(
      world,
      params.symbol,
      {
        side: params.side,
        type: params.type,
        quantity: params.quantity,
        price: params.price,
        otherPrices: { tpTriggerPrice: params.tpTriggerPrice, slTriggerPrice: params.slTriggerPrice },
      },
      now,
    );
    return simulator.placeOrder(params);
  },
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
  placeTpSlOrder: ({ params, account, world, now }) => {
    const simulator = world.contractSimulator(accountOf(account));
    // The closing side of the position; no limit price (the ratio checks apply to limit orders only).
    enforceSymbolRules(
      world,
      params.symbol,
      {
        side: params.positionSide === "LONG" ? "SELL" : "BUY",
        type: "MARKET",
        quantity: params.quantity,
        otherPrices: { triggerPrice: params.triggerPrice, executePrice: params.executePrice },
      },
      now,
    );
    return simulator.placeTpSl(params);
  },
  allAlgoOrders: ({ params, account, world }) =>
    world.contractSimulator(accountOf(account)).algoOrders({
      ...(params.symbol !== undefined ? { symbol: params.symbol } : {}),
      ...(params.startTime !== undefined ? { startTime: params.startTime } : {}),
      ...(params.endTime !== undefined ? { endTime: params.endTime } : {}),
      limit: params.limit,
    }),
};
