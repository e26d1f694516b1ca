/**
 * Read queries over orders and bills (pure functions).
 *
 * allOrders: orders of the symbol whose `time` lies in [startTime, endTime] (inclusive), oldest
 * first (by time, then orderId, as Binance does), page p of size limit = items (p-1)*limit .. p*limit-1.
 *
 * bills: newest first (descending billId; bill ids grow with time). Filters coinId and bizType apply
 * first. Cursors: `after` keeps billId > after, `before` keeps billId < before. When `before` is given
 * (alone or with `after`) the page is the newest `limit` records below it; with `after` alone it is
 * the `limit` records just above it (the oldest ones), still returned newest first. So paging older
 * with before = last billId of the page, or newer with after = first billId of the page, visits every
 * bill exactly once.
 *
 * fundingBills: newest first, filters coinId, bizType and cTime within [startTime, endTime]; pageIndex
 * from 1; pages = ceil(total / pageSize); hasNextPage = pageIndex < pages.
 */
import type { LedgerBill } from "./ledger";
import type { AllOrdersQuery, BillsQuery, FundingBillsQuery, SpotOrder } from "./types";

export function selectAllOrders(orders: readonly SpotOrder[], q: AllOrdersQuery): SpotOrder[] {
  const limit = Math.max(1, Math.floor(q.limit));
  const page = Math.max(1, Math.floor(q.page));
  return orders
    .filter(
      (o) =>
        o.symbol === q.symbol &&
        (q.startTime === undefined || o.time >= q.startTime) &&
        (q.endTime === undefined || o.time <= q.endTime),
    )
    .sort((a, b) => a.time - b.time || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0))
    .slice((page - 1) * limit, page * limit);
}

/** `bills` must be in ascending billId order (the order a ledger writes them). */
export function selectBills(bills: readonly LedgerBill[], q: BillsQuery): LedgerBill[] {
  const limit = Math.max(1, Math.floor(q.limit));
  const matching = bills.filter(
    (b) =>
      (q.coinId === undefined || b.coin.coinId === q.coinId) &&
      (q.bizType === undefined || b.bizType === q.bizType) &&
      (q.after === undefined || b.id > q.after) &&
      (q.before === undefined || b.id < q.before),
  );
  const page = q.before === undefined && q.after !== undefined ? matching.slice(0, limit) : matching.slice(-limit);
  return page.reverse();
}

export interface Paged<T> {
  total: number;
  pageSize: number;
  pages: number;
  page: number;
  hasNextPage: boolean;
  items: T[];
}

/** `bills` must be in ascending billId order. */
export function selectFundingBills(bills: readonly LedgerBill[], q: FundingBillsQuery): Paged<LedgerBill> {
  const pageSize = Math.max(1, Math.floor(q.pageSize));
  const page = Math.max(1, Math.floor(q.pageIndex));
  const matching = bills
    .filter(
      (b) =>
        (q.coinId === undefined || b.coin.coinId === q.coinId) &&
        (q.bizType === undefined || b.bizType === q.bizType) &&
        (q.startTime === undefined || b.time >= q.startTime) &&
        (q.endTime === undefined || b.time <= q.endTime),
    )
    .reverse();
  const total = matching.length;
  const pages = Math.ceil(total / pageSize);
  return {
    total,
    pageSize,
    pages,
    page,
    hasNextPage: page < pages,
    items: matching.slice((page - 1) * pageSize, page * pageSize),
  };
}
