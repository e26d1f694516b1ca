/** Enumerations of the V3 interface: the values the spec names. */
export const SIDES = ["BUY", "SELL"] as const;
export const POSITION_SIDES = ["LONG", "SHORT"] as const;
export const ORDER_TYPES = ["LIMIT", "MARKET"] as const;
export const TIME_IN_FORCE = ["GTC", "IOC", "FOK"] as const;
export const WORKING_TYPES = ["CONTRACT_PRICE", "MARK_PRICE"] as const;
export const PLAN_TYPES = ["TAKE_PROFIT", "STOP_LOSS"] as const;
export const PRODUCT_TYPES = ["SPOT", "FUTURES"] as const;
export const COMMISSION_COINS = ["USDT", "BTC"] as const;
export const ORDER_STATUSES = ["NEW", "PARTIALLY_FILLED", "FILLED", "CANCELED"] as const;
export const ALGO_STATUSES = ["TRIGGERED"] as const;
export const SYMBOL_STATUSES = ["TRADING"] as const;
export const BILL_BIZ_TYPES = ["deposit", "withdraw", "trade_out", "transfer_in"] as const;
export const SOURCE_TYPES = [1, 2] as const;
