/** The simulator's bookkeeping records and the conditional orders it creates. */
import type { Condition } from "./matching";
import { closingSide } from "./matching";
import type { AlgoOrder, ContractOrder, PlanType, PositionSide, WorkingType } from "./types";

export interface AttachedPlan {
  planType: PlanType;
  triggerPrice: string;
  workingType: WorkingType;
}

export interface OrderRecord {
  order: ContractOrder;
  /** Present while the order rests (status NEW). */
  condition?: Condition;
  /** TP/SL to create when this order fills. */
  attached: AttachedPlan[];
}

export interface AlgoRecord {
  algo: AlgoOrder;
  condition: Condition;
  /** null: market execution. */
  executePrice: string | null;
  /** The other half of an attached TP/SL pair, canceled when this one fires. */
  siblingId?: bigint;
}

export interface NewPlan {
  symbol: string;
  clientAlgoId: string;
  planType: PlanType;
  triggerPrice: string;
  executePrice: string | null;
  quantity: string;
  positionSide: PositionSide;
  workingType: WorkingType;
}

/** The conditional order a new plan is: untriggered, reduce-only, its TP or SL fields filled. */
export function conditionalAlgo(p: NewPlan, algoId: bigint, t: number): AlgoOrder {
  const isTp = p.planType === "TAKE_PROFIT";
  const isMarket = p.executePrice === null;
  const price = p.executePrice ?? "0";
  return {
    algoId,
    clientAlgoId: p.clientAlgoId,
    algoType: "CONDITIONAL",
    orderType: isTp ? (isMarket ? "TAKE_PROFIT_MARKET" : "TAKE_PROFIT") : isMarket ? "STOP_MARKET" : "STOP",
    symbol: p.symbol,
    side: closingSide(p.positionSide),
    positionSide: p.positionSide,
    timeInForce: "GTC",
    quantity: p.quantity,
    algoStatus: "UNTRIGGERED",
    actualOrderId: 0n,
    actualPrice: "0",
    triggerPrice: p.triggerPrice,
    price,
    workingType: p.workingType,
    createTime: t,
    updateTime: t,
    triggerTime: 0,
    tpTriggerPrice: isTp ? p.triggerPrice : "0",
    tpPrice: isTp ? price : "0",
    slTriggerPrice: isTp ? "0" : p.triggerPrice,
    slPrice: isTp ? "0" : price,
    tpOrderType: isTp ? (isMarket ? "MARKET" : "LIMIT") : "",
    closePosition: false,
    reduceOnly: true,
  };
}
