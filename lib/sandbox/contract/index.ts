/**
 * The sandbox's contract (futures) order simulator. See simulator.ts for the
 * matching rules and history.ts for the seeded starting history.
 */
export { createContractSimulator } from "./simulator";
export { ORDER_NOT_FOUND } from "./errors";
export type {
  AlgoOrder,
  AlgoOrdersPage,
  AlgoOrdersQuery,
  AlgoOrderType,
  AlgoStatus,
  CancelBatchInput,
  CancelResult,
  ContractOrder,
  ContractSimulator,
  ContractSimulatorOptions,
  OrderSide,
  OrderStatus,
  OrderType,
  PlaceOrderInput,
  PlaceResult,
  PlaceTpSlInput,
  PlanType,
  PositionSide,
  TimeInForce,
  TpSlResult,
  WorkingType,
} from "./types";
