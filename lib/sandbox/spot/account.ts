/**
 * The API key's own spot account: a generated history (see history.ts) plus the orders and bills
 * that batch placement adds. Same options => identical data.
 *
 * account(now) reports the current balances; the state only changes through placeBatch (the
 * generated open orders do not progress as time passes), so `now` is accepted but not used yet
 * (kept for a future time-driven simulation). updateTime is the time of the last balance change.
 * findOrder: orderId takes precedence; by origClientOrderId the most recent order with that id.
 */
import { fmt } from "../market/decimal";
import {
  SPOT_MAKER_COMMISSION_BP,
  SPOT_MAKER_FEE_RATE,
  SPOT_TAKER_COMMISSION_BP,
  SPOT_TAKER_FEE_RATE,
} from "../market/fees";
import { placeBatchOrders, SpotRequestError } from "./batch";
import { SPOT_COINS } from "./coins";
import { generateHistory } from "./history";
import type { LedgerBill } from "./ledger";
import { selectAllOrders, selectBills, selectFundingBills } from "./queries";
import { isOpen, renderOrder } from "./trade";
import type { AccountInfo, BillEntry, FundingBillEntry, SpotAccount, SpotAccountOptions, SpotOrder } from "./types";

function renderBill(b: LedgerBill): BillEntry {
  return {
    billId: b.id.toString(),
    coinId: b.coin.coinId,
    coinName: b.coin.coinName,
    bizType: b.bizType,
    fillSize: b.fill?.size ?? "0",
    fillValue: b.fill?.value ?? "0",
    deltaAmount: fmt(b.delta),
    afterAmount: fmt(b.after),
    fees: fmt(b.fees),
    cTime: String(b.time),
  };
}

function renderFundingBill(b: LedgerBill): FundingBillEntry {
  return { ...renderBill(b), fillSize: null, fillValue: null };
}

export function createSpotAccount(opts: SpotAccountOptions): SpotAccount {
  const options = Object.freeze({ ...opts });
  const history = generateHistory(options);
  const { spot, funding, ids } = history;
  const orders: SpotOrder[] = history.orders.map(renderOrder);

  return {
    options,

    account(now: number): AccountInfo {
      void now;
      return {
        makerCommission: SPOT_MAKER_COMMISSION_BP,
        takerCommission: SPOT_TAKER_COMMISSION_BP,
        commissionRates: { maker: SPOT_MAKER_FEE_RATE, taker: SPOT_TAKER_FEE_RATE },
        canTrade: true,
        canWithdraw: true,
        canDeposit: true,
        brokered: false,
        requireSelfTradePrevention: false,
        preventSor: false,
        updateTime: spot.lastChange || options.createdAt,
        accountType: "SPOT",
        balances: SPOT_COINS.map((c) => ({
          asset: c.coinName,
          free: fmt(spot.free(c.coinName)),
          locked: fmt(spot.locked(c.coinName)),
        })),
        permissions: ["SPOT"],
        uid: options.uid,
        symbolCommissions: {},
      };
    },

    orders: () => orders,

    openOrders: (symbol) => orders.filter((o) => isOpen(o) && (symbol === undefined || o.symbol === symbol)),

    findOrder(q) {
      if (q.orderId !== undefined) return orders.find((o) => o.orderId === q.orderId);
      if (q.origClientOrderId !== undefined) return orders.findLast((o) => o.clientOrderId === q.origClientOrderId);
      return undefined;
    },

    allOrders: (q) => selectAllOrders(orders, q),

    bills: (q) => selectBills(spot.bills(), q).map(renderBill),

    fundingBills(q) {
      const page = selectFundingBills(funding.bills(), q);
      return { ...page, items: page.items.map(renderFundingBill) };
    },

    placeBatch(symbol, orderList, now) {
      if (!options.batchEnabled) throw new SpotRequestError(-1150, "Request method 'POST' not supported");
      return placeBatchOrders({ seed: options.marketSeed ?? options.seed, ledger: spot, ids, record: (o) => orders.push(o) }, symbol, orderList, now);
    },
  };
}
