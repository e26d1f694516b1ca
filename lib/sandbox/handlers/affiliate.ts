/**
 * The four affiliate reports, served from the affiliate world. Filters follow
 * the spec: time bounds are inclusive; commission items filter on `date`,
 * invited users on `registerTime`, sub-affiliate records on their calendar day.
 * Only affiliate accounts reach them: the server refuses other keys by category.
 */
import { ENDPOINTS } from "../../weex/endpoints";
import { withinRange } from "../../weex/time-range";
import type { CommissionRecord } from "../data/affiliate";
import { SandboxRefusal } from "../refusal";
import { pageOf } from "./paging";
import type { HandlerTable } from "./types";

type AffiliateIds = "getAffiliateCommission" | "querySubChannelTransactions" | "getAffiliateUIDs" | "getChannelUserTradeAndAsset";

const inRange = (t: number, start?: number | null, end?: number | null) => (start == null || t >= start) && (end == null || t <= end);

/** Commission window with the spec's defaults (last 7 days up to now) and its 3-month rule, from the endpoints table. */
function commissionWindow(startTime: number | undefined, endTime: number | undefined, now: number): { start: number; end: number } {
  const endpoint = ENDPOINTS.getAffiliateCommission;
  const end = endTime ?? now;
  const start = startTime ?? end - endpoint.defaultLookbackMs;
  if (end < start) throw new SandboxRefusal("START_AFTER_END", 400);
  if (!withinRange(endpoint.range, start, end)) throw new SandboxRefusal("TIME_OUT_OF_RANGE", 400);
  return { start, end };
}

/**
 * Paging walks the same filtered list page after page; keep the last few
 * filtered lists while the visible data has not changed.
 */
const filteredCommissions = new WeakMap<readonly CommissionRecord[], Map<string, CommissionRecord[]>>();

function commissionsMatching(all: readonly CommissionRecord[], key: string, keep: (r: CommissionRecord) => boolean): CommissionRecord[] {
  let byKey = filteredCommissions.get(all);
  if (!byKey) {
    byKey = new Map();
    filteredCommissions.set(all, byKey);
  }
  let hit = byKey.get(key);
  if (!hit) {
    hit = all.filter(keep);
    if (byKey.size > 32) byKey.clear();
    byKey.set(key, hit);
  }
  return hit;
}

export const affiliateHandlers: Pick<HandlerTable, AffiliateIds> = {
  getAffiliateCommission: (ctx) => {
    const { params, world, now } = ctx;
    const { start, end } = commissionWindow(params.startTime, params.endTime, now);
    const all = world.affiliate.commissionItems(now);
    const key = JSON.stringify([start, end, params.uid, params.coin, params.productType, all.length]);
    const rows = commissionsMatching(
      all,
      key,
      (r) =>
        inRange(r.date, start, end) &&
        r.productType === params.productType &&
        (params.uid === undefined || r.uid === params.uid) &&
        (params.coin === undefined || r.coin === params.coin),
    );
    const page = pageOf(rows, params.page, params.pageSize);
    return {
      channelCommissionInfoItems: page.items.map((r) => ({
        uid: BigInt(r.uid),
        date: r.date,
        coin: r.coin,
        productType: r.productType,
        fee: r.fee,
        commission: r.commission,
        rate: r.rate,
        symbol: r.symbol,
        sourceType: r.sourceType,
        takerAmount: r.takerAmount,
        makerAmount: r.makerAmount,
      })),
      pages: page.pages,
      pageSize: params.pageSize,
      total: page.total,
    };
  },
  querySubChannelTransactions: (ctx) => {
    const { params, world, now } = ctx;
    const rows = world.affiliate
      .subAffiliateRecords(now)
      .filter(
        (r) =>
          r.productType === params.productType &&
          (params.subUid === undefined || r.subAffiliateUid === params.subUid) &&
          inRange(Date.parse(`${r.date}T00:00:00Z`), params.startTime, params.endTime),
      );
    const page = pageOf(rows, params.pageNum, params.pageSize);
    return { records: page.items, total: page.total, size: params.pageSize, current: params.pageNum, pages: page.pages };
  },
  getAffiliateUIDs: (ctx) => {
    const { params, world, now } = ctx;
    const rows = world.affiliate
      .invitedUsers(now)
      .filter((u) => (params.uid === undefined || u.uid === params.uid) && inRange(u.registerTime, params.startTime, params.endTime));
    const page = pageOf(rows, params.page, params.pageSize);
    return {
      channelUserInfoItemList: page.items.map(({ subAffiliateUid: _internal, ...u }) => u),
      pages: page.pages,
      pageSize: params.pageSize,
      total: page.total,
    };
  },
  getChannelUserTradeAndAsset: (ctx) => {
    const { params, world, now } = ctx;
    const rows = world.affiliate.tradeAndAsset(now, {
      ...(params.uid !== undefined ? { uid: params.uid } : {}),
      ...(params.startTime !== undefined ? { startTime: params.startTime } : {}),
      ...(params.endTime !== undefined ? { endTime: params.endTime } : {}),
    });
    const page = pageOf(rows, params.page, params.pageSize);
    return { records: page.items, pages: page.pages, pageSize: params.pageSize, total: page.total };
  },
};
